package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dates are read in Asia/Shanghai (UTC+8, no daylight saving since 1991) unless a test says otherwise. */
class DateFunctionTest {

    private static DateFunction function(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("timeZone", "Asia/Shanghai");
        map.put("dateFormat", "yyyy-MM-dd");
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return DateFunction.fromProperties(new FunctionProperties("partbyday", map, Path::of));
    }

    private static int node(DateFunction function, String value) {
        return function.nodeOf(SqlValue.of(value));
    }

    private static NodeSet nodes(int tableNodes, String expected) {
        return expected.equals("all")
                ? NodeSet.all(tableNodes)
                : NodeSet.of(tableNodes, Arrays.stream(expected.split(" ")).mapToInt(Integer::parseInt).toArray());
    }

    private static final DateFunction TEN_DAYS = function("sBeginDate", "2014-01-01", "sPartionDay", "10");

    /** rule.xml's shipped partbyday: four partitions of ten days, 2014-01-01 to 2014-01-31, then round again. */
    private static final DateFunction ROTATING =
            function("sBeginDate", "2014-01-01", "sEndDate", "2014-01-31", "sPartionDay", "10", "sNaturalDay", "0");

    @ParameterizedTest(name = "{0} -> {1}, rotating {2}")
    @CsvSource({
        "2014-01-01, 0, 0",                // MyCat's own test values
        "2014-01-10, 0, 0",
        "2014-01-11, 1, 1",                // boundary: ten days after the begin date
        "2014-01-31, 3, 3",                // the end date itself does not rotate
        "2014-01-31 23:59:59, 3, 3",       // text after the pattern is ignored
        "2014-02-01, 3, 3",                // 31 days: partition 3, rotated 3 mod 4
        "2014-02-19, 4, 0",
        "2014-02-20, 5, 1",
        "2014-03-01, 5, 1",
        "2014-03-02, 6, 2",
        "2014-03-11, 6, 2",
        "2014-03-20, 7, 3",
        "2014-05-01, 12, 0",
        "2016-02-29, 78, 2",               // leap day: 789 days
        "2015-02-29, 42, 2",               // lenient: 2015-03-01
        "2014-1-5, 0, 0",                  // lenient field widths
        "2013-12-31, 0, 0",                // division truncates toward zero: -1 day / 10 is 0
        "2013-12-23, 0, 0",                // -9 days
    })
    void countsPartitionsFromTheBeginDate(String value, int plain, int rotating) {
        assertThat(node(TEN_DAYS, value)).isEqualTo(plain);
        assertThat(node(ROTATING, value)).isEqualTo(rotating);
    }

    @Test
    void reportsTheRotationAsTheNodeCount() {
        assertThat(ROTATING.nodeCount()).isEqualTo(4);
        assertThat(TEN_DAYS.nodeCount()).isEqualTo(-1);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "2013-12-22 | partition -1 (expected: >= 0)",
        "20140101   | not a date in the format yyyy-MM-dd",
        "2014/01/01 | not a date in the format yyyy-MM-dd",
        "''         | not a date in the format yyyy-MM-dd",
        "NULL       | not a date in the format yyyy-MM-dd",
    })
    void cannotPlaceDatesBeforeTheFirstPartitionOrNonDates(String value, String reason) {
        assertThatThrownBy(() -> node(ROTATING, value))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByDate cannot place '" + value + "': " + reason);
    }

    @Test
    void readsNullAsTheTextNull() {
        assertThatThrownBy(() -> ROTATING.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByDate cannot place NULL: not a date in the format yyyy-MM-dd");
    }

    @Test
    void readsIntegerValuesByTheirDigits() {
        DateFunction compact = function("dateFormat", "yyyyMMdd", "sBeginDate", "20140101", "sPartionDay", "10");
        assertThat(compact.nodeOf(SqlValue.of(20140111L))).isEqualTo(1);
        assertThat(compact.nodeOf(SqlValue.of(20140229L))).isEqualTo(5);   // lenient: March 1, 59 days
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "2014-01-20, 19",
        "2014-03-01, 0",
        "2014-12-31, 30",
        "2016-02-29, 28",
        "2015-02-29, 0",     // lenient: March 1
        "2018-03-31, 30",
    })
    void placesNaturalDaysByTheDayOfTheMonth(String value, int node) {
        assertThat(node(function("sNaturalDay", "1"), value)).isEqualTo(node);
        // With a begin and an end date 28 or more days apart, natural days stay on.
        DateFunction january = function("sNaturalDay", "1", "sBeginDate", "2014-01-01", "sEndDate", "2014-01-31",
                "sPartionDay", "10");
        assertThat(node(january, value)).isEqualTo(node);
        assertThat(january.nodeCount()).isEqualTo(31);
    }

    @Test
    void naturalDaysFallBackToPartitionDaysUnder28Days() {
        DateFunction function = function("sNaturalDay", "1", "sBeginDate", "2014-01-02", "sEndDate", "2014-01-20",
                "sPartionDay", "1");
        assertThat(node(function, "2014-01-02")).isEqualTo(0);
        assertThat(node(function, "2014-01-03")).isEqualTo(1);
        assertThat(node(function, "2014-01-20")).isEqualTo(18);
        assertThat(node(function, "2014-01-21")).isEqualTo(0);
        assertThat(node(function, "2014-03-01")).isEqualTo(1);
        assertThat(function.nodeCount()).isEqualTo(19);
    }

    @Test
    void naturalDayCountIsTheDaysFromBeginToEnd() {
        // MyCat's quirk: 1490 days from 2014-01-01 to 2018-01-29, although natural days use only 31 nodes.
        DateFunction function = function("sNaturalDay", "1", "sBeginDate", "2014-01-01", "sEndDate", "2018-01-29");
        assertThat(function.nodeCount()).isEqualTo(1490);
        assertThat(node(function, "2018-01-31")).isEqualTo(30);
    }

    @Test
    void ignoresTheEndDateWhenTheBeginDateIsNotAfterTheEpoch() {
        // 1970-01-01 in Shanghai is -8 hours: MyCat only reads sEndDate when the begin date is above 0.
        DateFunction function = function("sBeginDate", "1970-01-01", "sEndDate", "1970-01-31", "sPartionDay", "10");
        assertThat(node(function, "1970-03-01")).isEqualTo(5);   // 59 days; rotating would give 1
        assertThat(function.nodeCount()).isEqualTo(-1);
    }

    @Test
    void countsPartitionsFromTheBeginDatesTimeOfDay() {
        DateFunction function = function("dateFormat", "yyyy-MM-dd HH:mm:ss", "sBeginDate", "2014-01-01 12:00:00",
                "sPartionDay", "1");
        assertThat(node(function, "2014-01-02 11:59:59")).isEqualTo(0);
        assertThat(node(function, "2014-01-02 12:00:00")).isEqualTo(1);
        assertThat(node(function, "2013-12-31 12:00:01")).isEqualTo(0);
        assertThatThrownBy(() -> node(function, "2013-12-31 12:00:00")).isInstanceOf(UnplaceableValueException.class);
    }

    @Test
    void keepsTwentyFourHourDaysAcrossDaylightSavingChanges() {
        DateFunction function = DateFunction.fromProperties(new FunctionProperties("partbyday", Map.of(
                "timeZone", "America/New_York", "dateFormat", "yyyy-MM-dd", "sBeginDate", "2014-03-01",
                "sPartionDay", "1"), Path::of));
        assertThat(node(function, "2014-03-08")).isEqualTo(7);
        assertThat(node(function, "2014-03-09")).isEqualTo(8);
        assertThat(node(function, "2014-03-10")).isEqualTo(8);     // 23 hours later: still 8 days from the begin
        assertThat(node(function, "2014-11-02")).isEqualTo(245);
        assertThat(node(function, "2014-11-03")).isEqualTo(247);   // 25 hours later: no midnight has 246
    }

    @Test
    void readsDatesInTheConfiguredZone() {
        String instant = "2014-01-31T20:00Z";   // February 1st, 04:00 in Shanghai
        DateFunction shanghai = function("dateFormat", "yyyy-MM-dd'T'HH:mmXXX", "sNaturalDay", "1");
        DateFunction utc = function("dateFormat", "yyyy-MM-dd'T'HH:mmXXX", "sNaturalDay", "1", "timeZone", "UTC");
        assertThat(node(shanghai, instant)).isEqualTo(0);
        assertThat(node(utc, instant)).isEqualTo(30);
    }

    @Test
    void readsDatesInTheJvmZoneByDefault() {
        Map<String, String> properties = Map.of("dateFormat", "yyyy-MM-dd'T'HH:mmXXX", "sNaturalDay", "1");
        DateFunction jvmZone = DateFunction.fromProperties(new FunctionProperties("partbyday", properties, Path::of));
        DateFunction explicit = function("dateFormat", "yyyy-MM-dd'T'HH:mmXXX", "sNaturalDay", "1",
                "timeZone", TimeZone.getDefault().getID());
        for (int hour = 0; hour < 24; hour++) {
            String value = String.format("2014-01-31T%02d:00Z", hour);
            assertThat(node(jvmZone, value)).as(value).isEqualTo(node(explicit, value));
        }
    }

    @ParameterizedTest(name = "{0}..{1} on {2} nodes -> {3}")
    @CsvSource({
        "2014-01-01, 2014-01-10, 4, 0",
        "2014-01-05, 2014-01-25, 4, 0 1 2",
        "2014-01-25, 2014-02-25, 4, 0 1 2 3",     // 2 and 3, then 3, 4 and 5 rotated to 3, 0 and 1
        "2014-02-10, 2014-02-15, 4, 0",
        "2014-01-01, 2015-01-01, 4, all",
        "2014-01-15, 2014-01-31, 2, 1",           // partitions 1 to 3 on a table of 2 nodes
        "2013-01-01, 2013-06-01, 4, all",         // no node holds these dates: MyCat refuses, Tessera asks all
        "2014-03-01, 2014-01-01, 4, all",         // empty range: every node, as in MyCat
        "2014-01-01, someday, 4, all",            // unreadable: every node, as in MyCat
    })
    void routesRangesToTheirPartitions(String low, String high, int tableNodes, String expected) {
        assertThat(ROTATING.nodesOf(SqlValue.of(low), SqlValue.of(high), tableNodes))
                .isEqualTo(nodes(tableNodes, expected));
    }

    @Test
    void routesARangeWithoutEndDateToItsPartitionsOnTheTable() {
        assertThat(TEN_DAYS.nodesOf(SqlValue.of("2013-12-01"), SqlValue.of("2014-01-25"), 8))
                .isEqualTo(NodeSet.of(8, 0, 1, 2));
        assertThat(TEN_DAYS.nodesOf(SqlValue.of("2014-03-01"), SqlValue.of("2099-01-01"), 8))
                .isEqualTo(NodeSet.of(8, 5, 6, 7));
    }

    @Test
    void includesTheHighDatesPartitionThatMycatSkips() {
        DateFunction function = function("dateFormat", "yyyy-MM-dd HH:mm:ss", "sBeginDate", "2014-01-01 12:00:00",
                "sPartionDay", "1");
        // MyCat steps 01-01 00:00 and 01-02 00:00 (both partition 0) and answers [0].
        assertThat(function.nodesOf(SqlValue.of("2014-01-01 00:00:00"), SqlValue.of("2014-01-02 13:00:00"), 4))
                .isEqualTo(NodeSet.of(4, 0, 1));
    }

    @Test
    void routesNaturalDayRangesToTheDaysTheyTouch() {
        DateFunction natural = function("sNaturalDay", "1");
        assertThat(natural.nodesOf(SqlValue.of("2014-01-30"), SqlValue.of("2014-02-02"), 31))
                .isEqualTo(NodeSet.of(31, 29, 30, 0, 1));
        assertThat(natural.nodesOf(SqlValue.of("2015-02-01"), SqlValue.of("2015-03-03"), 31))   // no 29th to 31st
                .isEqualTo(NodeSet.of(31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                        21, 22, 23, 24, 25, 26, 27));
        assertThat(natural.nodesOf(SqlValue.of("2000-01-01"), SqlValue.of("2099-12-31"), 31))
                .isEqualTo(NodeSet.all(31));
    }

    @Test
    void rejectsConfigurationsMycatCannotPlaceAnythingWith() {
        assertThatThrownBy(() -> function("sPartionDay", "10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sBeginDate: missing (expected: a date, unless sNaturalDay is 1)");
        assertThatThrownBy(() -> function("sBeginDate", "2014-01-01"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sPartionDay: missing (expected: days per partition)");
        assertThatThrownBy(() -> function("sBeginDate", "2014-01-01", "sPartionDay", "0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sPartionDay: 0 (expected: >= 1)");
        assertThatThrownBy(() -> function("sNaturalDay", "1", "sBeginDate", "2014-01-02", "sEndDate", "2014-01-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sPartionDay: missing (expected: days per partition; sNaturalDay falls back to it as "
                        + "sBeginDate..sEndDate spans under 28 days)");
    }

    @Test
    void rejectsMalformedProperties() {
        assertThatThrownBy(() -> function("sBeginDate", "2014-02-01", "sEndDate", "2014-01-31", "sPartionDay", "10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sEndDate: \"2014-01-31\" (expected: not before sBeginDate \"2014-02-01\")");
        assertThatThrownBy(() -> function("sBeginDate", "01/01/2014", "sPartionDay", "10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sBeginDate: \"01/01/2014\" (expected: a date in the format yyyy-MM-dd)");
        assertThatThrownBy(() -> function("sBeginDate", "2014-01-01", "sPartionDay", "ten"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function partbyday: property sPartionDay: \"ten\" (expected: an integer)");
        assertThatThrownBy(() -> function("sNaturalDay", "true"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function partbyday: property sNaturalDay: \"true\" (expected: 0 or 1)");
        assertThatThrownBy(() -> function("sNaturalDay", "1", "dateFormat", "yyyy-MM-dd qq"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dateFormat: \"yyyy-MM-dd qq\" (expected: a java.text.SimpleDateFormat pattern)");
        assertThatThrownBy(() -> function("sNaturalDay", "1", "timeZone", "Mars/Olympus"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function partbyday: property timeZone: \"Mars/Olympus\" "
                        + "(expected: a time zone ID such as Asia/Shanghai)");
        Map<String, String> noFormat = Map.of("sNaturalDay", "1");
        assertThatThrownBy(() -> DateFunction.fromProperties(new FunctionProperties("partbyday", noFormat, Path::of)))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function partbyday: property dateFormat: missing");
    }
}
