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

class StringHashFunctionTest {

    private static FunctionProperties props(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new FunctionProperties("by-string", map, Path::of);
    }

    /** MyCat's documented example: two partitions of 512 slots, hashing the first two chars. */
    private static final StringHashFunction TWO_CHARS = StringHashFunction.fromProperties(
            props("partitionCount", "2", "partitionLength", "512", "hashSlice", "0:2"));

    private static final ShardingFunction[] FUNCTIONS = {
        TWO_CHARS,
        StringHashFunction.fromProperties(props("partitionCount", "2,1", "partitionLength", "256,512")),
        StringHashFunction.fromProperties(props("partitionCount", "2,1", "partitionLength", "256,512",
                "hashSlice", "-3:")),
        StringHashFunction.fromProperties(props("partitionCount", "2,1", "partitionLength", "256,512",
                "hashSlice", "1:-1")),
    };

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "''                   | 0",   // empty slice: hash 0, slot 0
        "a                    | 0",   // 97
        "ab                   | 0",   // 97 * 31 + 98 = 3105, slot 3105 & 1023 = 33
        "abc                  | 0",   // only "ab" counts
        "zz                   | 1",   // 122 * 31 + 122 = 3904, slot 832
        "Zz                   | 1",
        "yY                   | 1",
        "0                    | 0",
        "-1                   | 0",
        "-9223372036854775808 | 0",
        "中文                  | 0",
        "NULL                 | 0",
    })
    void hashesTheSliceOntoTheRing(String value, int node) {
        assertThat(TWO_CHARS.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void placesIntegersByTheirDecimalText() {
        assertThat(TWO_CHARS.nodeOf(SqlValue.of(Long.MAX_VALUE))).isEqualTo(1);   // "92": 57 * 31 + 50, slot 793
        assertThat(TWO_CHARS.nodeOf(SqlValue.of(Long.MIN_VALUE))).isEqualTo(0);   // "-9"
        assertThat(TWO_CHARS.nodeOf(SqlValue.of(0))).isEqualTo(0);
    }

    @Test
    void placesNullWhereMycatInsertsIt() {
        // MyCat's insert parser hands the function the text NULL.
        assertThat(TWO_CHARS.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(TWO_CHARS.nodeOf(SqlValue.of("NULL")));
    }

    /** Partitions 0 and 1 cover 256 slots each, partition 2 the last 512. */
    @ParameterizedTest(name = "slice {0}: \"{1}\" -> {2}")
    @CsvSource(delimiter = '|', value = {
        "0:8  | order-100234        | 0",
        "0:8  | 9223372036854775807 | 1",
        "0:8  | user_20140101       | 2",
        "0:8  | NULL                | 1",
        "-2:0 | order-100234        | 2",   // the last two chars, "34"
        "-2:0 | NULL                | 1",
        "-2:0 | a                   | 0",   // a start before the text is cut to the text
        ":    | order-100234        | 1",   // the whole text
        ":    | 9223372036854775807 | 0",
        "0    | order-100234        | 1",   // a bare 0 is 0:0, the whole text, not an empty prefix
        "0    | user_20140101       | 2",
        "5    | order-100234        | 2",   // 0:5
        "5    | user_20140101       | 1",
        "-3   | user_20140101       | 1",   // -3:0, the last three chars
        "-3   | NULL                | 0",
        ":-1  | user_20140101       | 1",   // all but the last char
        ":-1  | 9223372036854775807 | 2",
        "5:2  | user_20140101       | 0",   // an empty slice hashes to 0
        "2:5  | ab                  | 0",   // a slice past the text is empty too
    })
    void readsMycatSliceSyntax(String slice, String value, int node) {
        StringHashFunction function = StringHashFunction.fromProperties(
                props("partitionCount", "2,1", "partitionLength", "256,512", "hashSlice", slice));
        assertThat(function.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void slicesTheFirstEightCharsByDefault() {
        StringHashFunction function =
                StringHashFunction.fromProperties(props("partitionCount", "2,1", "partitionLength", "256,512"));
        assertThat(function.nodeOf(SqlValue.of("user_20140101"))).isEqualTo(2);
        assertThat(function.nodeOf(SqlValue.of("9223372036854775807"))).isEqualTo(1);
        assertThat(function.nodeCount()).isEqualTo(3);
    }

    @Test
    void acceptsMycatHashLengthAlias() {
        StringHashFunction function = StringHashFunction.fromProperties(
                props("partitionCount", "2", "partitionLength", "512", "hashLength", "2"));
        for (String value : new String[] {"ab", "zz", "yY", "abc", ""}) {
            assertThat(function.nodeOf(SqlValue.of(value))).as(value).isEqualTo(TWO_CHARS.nodeOf(SqlValue.of(value)));
        }
    }

    @Test
    void reportsThePartitionCountAndRoutesRangesEverywhere() {
        assertThat(TWO_CHARS.nodeCount()).isEqualTo(2);
        assertThat(TWO_CHARS.nodesOf(SqlValue.of("aa"), SqlValue.of("ab"), 2)).isEqualTo(NodeSet.all(2));
    }

    @Test
    void rejectsARingThatIsNot1024Slots() {
        assertThatThrownBy(() -> StringHashFunction.fromProperties(
                props("partitionCount", "2,1", "partitionLength", "256,256")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: [2, 1], partitionLength: [256, 256] cover 768 slots "
                        + "(expected: the sum of count x length = 1024)");
    }

    @Test
    void rejectsListsOfDifferentLengths() {
        assertThatThrownBy(() -> StringHashFunction.fromProperties(
                props("partitionCount", "2,1", "partitionLength", "512")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: [2, 1], partitionLength: [512] "
                        + "(expected: non-empty lists of the same length)");
    }

    @Test
    void rejectsEmptyPartitions() {
        assertThatThrownBy(() -> new StringHashFunction(new int[] {0, 1}, new int[] {512, 1024}, 0, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: [0, 1] (expected: each 1..1024)");
        assertThatThrownBy(() -> new StringHashFunction(new int[] {1, 1}, new int[] {0, 1024}, 0, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionLength: [0, 1024] (expected: each 1..1024)");
    }

    @Test
    void namesMalformedProperties() {
        assertThatThrownBy(() -> StringHashFunction.fromProperties(props("partitionCount", "2,x", "partitionLength",
                "512")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function by-string: property partitionCount: \"2,x\" "
                        + "(expected: integers separated by commas)");
        assertThatThrownBy(() -> StringHashFunction.fromProperties(props("partitionLength", "512")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function by-string: property partitionCount: missing");
        assertThatThrownBy(() -> StringHashFunction.fromProperties(
                props("partitionCount", "2", "partitionLength", "512", "hashSlice", "a:2")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function by-string: property hashSlice: \"a:2\" "
                        + "(expected: start:end such as 0:8, -2:0 or :)");
        assertThatThrownBy(() -> StringHashFunction.fromProperties(
                props("partitionCount", "2", "partitionLength", "512", "hashSlice", "0:2", "hashLength", "2")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function by-string: hashSlice, hashLength: both set (expected: one of them)");
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
