package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubstringFunctionTest {

    private static FunctionProperties props(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new FunctionProperties("sub", map, Path::of);
    }

    /** MyCat's documented example: chars 9 and 10, eight partitions, node 0 for the others. */
    private static final SubstringFunction CHARS_9_10 = SubstringFunction.fromProperties(
            props("startIndex", "9", "size", "2", "partitionCount", "8", "defaultPartition", "0"));

    private static final ShardingFunction[] FUNCTIONS = {
        CHARS_9_10,
        new SubstringFunction(0, 1, 0, 0),      // "-" alone is no number
        new SubstringFunction(0, 2, 0, 0),      // "-7" is, and cannot be placed
        new SubstringFunction(0, 10, 0, 0),     // ten digits may pass Integer.MAX_VALUE
        new SubstringFunction(0, 11, 0, 0),     // "-2147483648" is Integer.MIN_VALUE, then negative
        new SubstringFunction(1, 10, 5, 4),
        new SubstringFunction(0, 19, 0, 0),
    };

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "201401010050001 | 5",
        "201401010070001 | 7",
        "201401010080001 | 0",   // 8 is not below partitionCount: defaultPartition
        "201401010990001 | 0",
        "20140101005     | 5",   // exactly long enough
        "123456789+7     | 7",   // Integer.parseInt accepts a sign
        "123456789٣٤     | 0",   // and any Unicode digits: 34, beyond partitionCount
    })
    void readsTheNodeFromTheSubstring(String value, int node) {
        assertThat(CHARS_9_10.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "''              | 0 chars (expected: at least startIndex + size = 11)",
        "2014010100      | 10 chars (expected: at least startIndex + size = 11)",
        "NULL            | 4 chars (expected: at least startIndex + size = 11)",
        "2014010100a1    | \"0a\" at 9 (expected: a partition number)",
        "123456789-1     | partition -1 (expected: >= 0)",
    })
    void cannotPlaceValuesMycatFailsOn(String value, String reason) {
        assertThatThrownBy(() -> CHARS_9_10.nodeOf(SqlValue.of(value)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionDirectBySubString cannot place '" + value + "': " + reason);
    }

    @Test
    void readsNullAsTheTextNull() {
        assertThatThrownBy(() -> CHARS_9_10.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionDirectBySubString cannot place NULL: 4 chars "
                        + "(expected: at least startIndex + size = 11)");
    }

    @Test
    void takesAnyNumberWithoutAPartitionCount() {
        SubstringFunction function = SubstringFunction.fromProperties(props("size", "3"));
        assertThat(function.nodeOf(SqlValue.of("042x"))).isEqualTo(42);
        assertThat(function.nodeOf(SqlValue.of(999))).isEqualTo(999);      // the router checks it against the table
        assertThat(function.nodeOf(SqlValue.of(Long.MAX_VALUE))).isEqualTo(922);
        assertThat(function.nodeCount()).isEqualTo(-1);
    }

    @Test
    void reportsThePartitionCountAndRoutesRangesEverywhere() {
        assertThat(CHARS_9_10.nodeCount()).isEqualTo(8);
        assertThat(CHARS_9_10.nodesOf(SqlValue.of("20140101001"), SqlValue.of("20140101003"), 8))
                .isEqualTo(NodeSet.all(8));
    }

    @Test
    void rejectsPropertiesThatPlaceNothing() {
        assertThatThrownBy(() -> SubstringFunction.fromProperties(props("startIndex", "9")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function sub: property size: missing");
        assertThatThrownBy(() -> new SubstringFunction(0, 0, 8, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("size: 0 (expected: 1..2147483647)");
        assertThatThrownBy(() -> new SubstringFunction(-1, 2, 8, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("startIndex: -1 (expected: >= 0)");
        assertThatThrownBy(() -> new SubstringFunction(0, 2, -8, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: -8 (expected: >= 0, 0 for no limit)");
        assertThatThrownBy(() -> new SubstringFunction(0, 2, 8, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultPartition: 8 (expected: 0..7)");
        assertThatThrownBy(() -> new SubstringFunction(0, 2, 0, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultPartition: -1 (expected: >= 0)");
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
