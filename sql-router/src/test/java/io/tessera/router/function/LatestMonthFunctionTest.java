package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatestMonthFunctionTest {

    private static final LatestMonthFunction HOURLY = new LatestMonthFunction(24);

    private static final ShardingFunction[] FUNCTIONS = {HOURLY, new LatestMonthFunction(5)};

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "2015020100, 0",                // MyCat's own test values
        "2015020216, 40",
        "2015022823, 671",              // 27 * 24 + 23
        "2015013123, 743",              // the last slice of a 31-day month
        "2015020199, 99",               // hour 99 is not checked
        "0100, 0",                      // only the last four chars count
        "9223372036854775807, 1375",    // day 58, hour 7: not checked either
        "-2015020216, 40",
        "201502+105, 5",                // "+1" parses as day 1
    })
    void readsDayAndHourFromTheLastFourChars(String value, int node) {
        assertThat(HOURLY.nodeOf(SqlValue.of(value))).isEqualTo(node);
        if (value.matches("-?\\d+") && Long.toString(Long.parseLong(value)).equals(value)) {
            assertThat(HOURLY.nodeOf(SqlValue.of(Long.parseLong(value)))).isEqualTo(node);
        }
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "0          | 1 chars (expected: ...DDHH)",
        "100        | 3 chars (expected: ...DDHH)",
        "''         | 0 chars (expected: ...DDHH)",
        "20150200aa | last four chars (expected: DDHH digits)",
        "NULL       | last four chars (expected: DDHH digits)",
        "2015020-05 | last four chars (expected: DDHH digits)",
        "2015020000 | partition -24 (expected: >= 0)",
        "20150201-5 | partition -5 (expected: >= 0)",
    })
    void cannotPlaceValuesMycatFailsOn(String value, String reason) {
        assertThatThrownBy(() -> HOURLY.nodeOf(SqlValue.of(value)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("LatestMonthPartion cannot place '" + value + "': " + reason);
    }

    @Test
    void readsNullAsTheTextNull() {
        assertThatThrownBy(() -> HOURLY.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("LatestMonthPartion cannot place NULL: last four chars (expected: DDHH digits)");
    }

    @Test
    void slicesThatDoNotDivideTheDayOverlapTheNextDay() {
        LatestMonthFunction fiveSlices = LatestMonthFunction.fromProperties(
                new FunctionProperties("latest", Map.of("splitOneDay", "5"), Path::of));
        assertThat(fiveSlices.nodeOf(SqlValue.of(2015020120L))).isEqualTo(5);   // 20 / (24 / 5) = 5
        assertThat(fiveSlices.nodeOf(SqlValue.of(2015020123L))).isEqualTo(5);
        assertThat(fiveSlices.nodeOf(SqlValue.of(2015020200L))).isEqualTo(5);   // day 2's first slice: 1 * 5 + 0
        assertThat(fiveSlices.nodeCount()).isEqualTo(-1);
    }

    @Test
    void routesARangeToTheSlicesOfItsDays() {
        assertThat(HOURLY.nodesOf(SqlValue.of(2015020100L), SqlValue.of(2015020105L), 744))
                .isEqualTo(NodeSet.of(744, 0, 1, 2, 3, 4, 5));
    }

    @Test
    void includesHoursBetweenTheBoundsThatMycatSkips() {
        // MyCat answers 0..671; a stored 2015022750 (day 27, hour 50) is on node 674.
        NodeSet nodes = HOURLY.nodesOf(SqlValue.of(2015020100L), SqlValue.of(2015022823L), 744);
        assertThat(nodes).isEqualTo(NodeSet.of(744, IntStream.rangeClosed(0, 26 * 24 + 99).toArray()));
        assertThat(nodes.contains(HOURLY.nodeOf(SqlValue.of(2015022750L)))).isTrue();
    }

    @Test
    void routesARangeWhoseEndHasTheLowerIndexToItsSlicesOnly() {
        // 2015020150 (index 50) to 2015020203 (index 27): MyCat sends this to every node.
        int[] slices = IntStream.concat(IntStream.rangeClosed(24, 27), IntStream.rangeClosed(50, 99)).toArray();
        NodeSet expected = NodeSet.of(744, slices);
        assertThat(HOURLY.nodesOf(SqlValue.of(2015020150L), SqlValue.of(2015020203L), 744)).isEqualTo(expected);
    }

    @Test
    void leavesOutSlicesTheTableDoesNotHave() {
        assertThat(HOURLY.nodesOf(SqlValue.of(2015020220L), SqlValue.of(2015020303L), 48))
                .isEqualTo(NodeSet.of(48, IntStream.rangeClosed(44, 47).toArray()));
    }

    @Test
    void routesOtherRangesEverywhere() {
        assertThat(HOURLY.nodesOf(SqlValue.of(2015013100L), SqlValue.of(2015020200L), 744))   // crosses a month
                .isEqualTo(NodeSet.all(744));
        assertThat(HOURLY.nodesOf(SqlValue.of(2015020200L), SqlValue.of(2015020100L), 744))   // empty
                .isEqualTo(NodeSet.all(744));
        assertThat(HOURLY.nodesOf(SqlValue.of("2015020100"), SqlValue.of("2015020105"), 744))  // text order
                .isEqualTo(NodeSet.all(744));
        assertThat(HOURLY.nodesOf(SqlValue.of(201502010L), SqlValue.of(2015020105L), 744))    // different lengths
                .isEqualTo(NodeSet.all(744));
    }

    @Test
    void requiresASplitOfOneTo24() {
        assertThatThrownBy(() -> LatestMonthFunction.fromProperties(new FunctionProperties("latest", Map.of(),
                Path::of)))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function latest: property splitOneDay: missing");
        assertThatThrownBy(() -> new LatestMonthFunction(25))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("splitOneDay: 25 (expected: 1..24)");
        assertThatThrownBy(() -> new LatestMonthFunction(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("splitOneDay: 0 (expected: 1..24)");
    }

    /** The node of a value, or the exception's class when it cannot be placed. */
    private static Object outcome(ShardingFunction function, SqlValue value) {
        Throwable thrown = catchThrowable(() -> function.nodeOf(value));
        return thrown == null ? function.nodeOf(value) : thrown.getClass();
    }

    @Test
    void readsIntegersDigitByDigitAsTheirDecimalText() {
        long[] values = {0, 7, -7, 42, -42, 999, -999, 2015020216L, -2015020216L, 2147483647L, 2147483648L,
            -2147483648L, -2147483649L, 201401010050001L, Long.MAX_VALUE, Long.MIN_VALUE};
        for (ShardingFunction function : FUNCTIONS) {
            for (long value : values) {
                assertThat(outcome(function, SqlValue.of(value))).as("%s %d", function, value)
                        .isEqualTo(outcome(function, SqlValue.of(Long.toString(value))));
            }
        }
    }
}
