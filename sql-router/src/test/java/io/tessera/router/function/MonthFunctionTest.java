package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dates are read in Asia/Shanghai unless a test says otherwise. */
class MonthFunctionTest {

    private static MonthFunction function(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("timeZone", "Asia/Shanghai");
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return MonthFunction.fromProperties(new FunctionProperties("partbymonth", map, Path::of));
    }

    private static NodeSet nodes(int tableNodes, String expected) {
        return expected.equals("all")
                ? NodeSet.all(tableNodes)
                : NodeSet.of(tableNodes, Arrays.stream(expected.split(" ")).mapToInt(Integer::parseInt).toArray());
    }

    /** rule.xml's shipped partbymonth: a partition per month from January 2015, without end. */
    private static final MonthFunction FROM_2015 = function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2015-01-01");
    private static final MonthFunction YEAR_2015 = function("sBeginDate", "2015-01-01", "sEndDate", "2015-12-01");
    /** Six months, March to August: the day of the month plays no part. */
    private static final MonthFunction MARCH_TO_AUGUST = function("sBeginDate", "2015-03-15", "sEndDate", "2015-08-31");
    private static final MonthFunction MONTH_OF_YEAR = function();

    @ParameterizedTest(name = "{0} -> {1}, {2}, {3}, {4}")
    @CsvSource({
        // value,   no end, 12 months, Mar-Aug, month of year
        "2015-01-01, 0,  0, 4, 0",
        "2015-01-15, 0,  0, 4, 0",
        "2015-02-28, 1,  1, 5, 1",
        "2015-02-29, 2,  2, 0, 2",      // lenient: March 1
        "2015-03-01, 2,  2, 0, 2",      // before the begin day, in the begin month
        "2015-08-31, 7,  7, 5, 7",
        "2015-09-01, 8,  8, 0, 8",      // after the end month: round again
        "2015-12-31, 11, 11, 3, 11",
        "2016-01-01, 12, 0, 4, 0",
        "2016-02-29, 13, 1, 5, 1",      // leap day
        // before the begin month: counted back from the cycle's end; without an end, on the first node (MyCat 1.6.7.6)
        "2014-12-31, 0, 11, 3, 11",
        "2014-01-31, 0, 0, 4, 0",
        "2013-01-01, 0, 0, 4, 0",
        "0001-01-01, 0, 0, 4, 0",
    })
    void countsCalendarMonths(String value, int noEnd, int twelve, int six, int monthOfYear) {
        assertThat(FROM_2015.nodeOf(SqlValue.of(value))).isEqualTo(noEnd);
        assertThat(YEAR_2015.nodeOf(SqlValue.of(value))).isEqualTo(twelve);
        assertThat(MARCH_TO_AUGUST.nodeOf(SqlValue.of(value))).isEqualTo(six);
        assertThat(MONTH_OF_YEAR.nodeOf(SqlValue.of(value))).isEqualTo(monthOfYear);
    }

    @Test
    void reportsTheCycleAsTheNodeCount() {
        assertThat(FROM_2015.nodeCount()).isEqualTo(-1);
        assertThat(YEAR_2015.nodeCount()).isEqualTo(12);
        assertThat(MARCH_TO_AUGUST.nodeCount()).isEqualTo(6);
        assertThat(MONTH_OF_YEAR.nodeCount()).isEqualTo(12);
        assertThat(function("sBeginDate", "2015-01-31", "sEndDate", "2015-01-01").nodeCount()).isEqualTo(1);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource({"''", "NULL", "2015/01/01", "January"})
    void cannotPlaceNonDates(String value) {
        assertThatThrownBy(() -> YEAR_2015.nodeOf(SqlValue.of(value)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByMonth cannot place '" + value + "': not a date in the format yyyy-MM-dd");
        assertThatThrownBy(() -> MONTH_OF_YEAR.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class);
    }

    @Test
    void readsMonthsInTheConfiguredZone() {
        // Noon UTC on January 1st is January in every zone; 20:00 UTC on January 31st is February in Shanghai.
        String[] properties = {"dateFormat", "yyyy-MM-dd HH:mm Z", "sBeginDate", "2015-01-01 12:00 +0000"};
        MonthFunction shanghai = function(properties);
        MonthFunction utc = function(properties[0], properties[1], properties[2], properties[3], "timeZone", "UTC");
        assertThat(shanghai.nodeOf(SqlValue.of("2015-01-31 15:59 +0000"))).isEqualTo(0);
        assertThat(shanghai.nodeOf(SqlValue.of("2015-01-31 16:00 +0000"))).isEqualTo(1);
        assertThat(utc.nodeOf(SqlValue.of("2015-01-31 20:00 +0000"))).isEqualTo(0);
    }

    @ParameterizedTest(name = "{0}..{1} -> {2}")
    @CsvSource({
        "2015-11-15, 2016-02-10, 0 1 10 11",
        "2015-03-01, 2015-03-31, 2",
        "2015-01-01, 2016-12-31, all",
        "2014-06-01, 2014-07-31, 5 6",
        "2016-02-10, 2015-11-15, all",     // empty range: every node, as in MyCat
        "2015-01-01, never, all",          // unreadable: every node, as in MyCat
    })
    void routesRangesRoundTheCycle(String low, String high, String expected) {
        assertThat(YEAR_2015.nodesOf(SqlValue.of(low), SqlValue.of(high), 12)).isEqualTo(nodes(12, expected));
    }

    @Test
    void routesMonthOfYearRangesToTheirMonths() {
        assertThat(MONTH_OF_YEAR.nodesOf(SqlValue.of("2015-11-01"), SqlValue.of("2016-01-31"), 12))
                .isEqualTo(NodeSet.of(12, 10, 11, 0));
        assertThat(MONTH_OF_YEAR.nodesOf(SqlValue.of("1999-05-01"), SqlValue.of("2000-04-30"), 12))
                .isEqualTo(NodeSet.all(12));
    }

    @Test
    void routesRangesWithoutEndDateToTheirMonthsNotToNodeZero() {
        // MyCat rotates by -1 here and sends every range to node 0.
        assertThat(FROM_2015.nodesOf(SqlValue.of("2015-03-01"), SqlValue.of("2015-05-31"), 24))
                .isEqualTo(NodeSet.of(24, 2, 3, 4));
        assertThat(FROM_2015.nodesOf(SqlValue.of("2014-11-01"), SqlValue.of("2015-02-01"), 24))
                .isEqualTo(NodeSet.of(24, 0, 1));
        assertThat(FROM_2015.nodesOf(SqlValue.of("2016-11-01"), SqlValue.of("2017-02-01"), 24))
                .isEqualTo(NodeSet.of(24, 22, 23));
    }

    @Test
    void findsMonthsBeforeTheBeginOnTheFirstNodeWithoutEndDate() {
        // where the points go: a range wholly before the begin month is the first node's, not every node's
        assertThat(FROM_2015.nodesOf(SqlValue.of("2014-03-01"), SqlValue.of("2014-05-31"), 24))
                .isEqualTo(NodeSet.of(24, 0));
        assertThat(FROM_2015.nodesOf(SqlValue.of("2013-03-01"), SqlValue.of("2015-01-31"), 24))
                .isEqualTo(NodeSet.of(24, 0));
    }

    @Test
    void rejectsAnEndDateWithoutBeginDateOrBeforeIt() {
        assertThatThrownBy(() -> function("sEndDate", "2015-12-01"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function partbymonth: property sBeginDate: missing "
                        + "(expected: a date when sEndDate is set)");
        assertThatThrownBy(() -> function("sBeginDate", "2015-12-01", "sEndDate", "2015-11-30"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sEndDate: \"2015-11-30\" (expected: not in a month before sBeginDate \"2015-12-01\")");
        assertThatThrownBy(() -> function("sBeginDate", "first of January"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sBeginDate: \"first of January\" (expected: a date in the format yyyy-MM-dd)");
    }
}
