package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrefixPatternFunctionTest {

    @TempDir
    Path dir;

    private static Path resource(String name) {
        try {
            return Path.of(PrefixPatternFunctionTest.class.getResource("/function/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FunctionProperties props(Function<String, Path> files, String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new FunctionProperties("prefix", map, files);
    }

    private PrefixPatternFunction withMap(String lines, String... keyValues) throws IOException {
        Files.writeString(dir.resolve("map.txt"), lines);
        String[] all = new String[keyValues.length + 2];
        System.arraycopy(keyValues, 0, all, 0, keyValues.length);
        all[keyValues.length] = "mapFile";
        all[keyValues.length + 1] = "map.txt";
        return PrefixPatternFunction.fromProperties(props(dir::resolve, all));
    }

    /** partition-prefix-pattern.txt: sums modulo 36, 0-8 on node 0, 9-17 on 1, 18-26 on 2, 27-35 on 3. */
    private static final PrefixPatternFunction FIVE_CHARS = PrefixPatternFunction.fromProperties(props(
            PrefixPatternFunctionTest::resource,
            "patternValue", "36", "prefixLength", "5", "mapFile", "partition-prefix-pattern.txt"));

    private static final ShardingFunction[] FUNCTIONS = {
        FIVE_CHARS,
        PrefixPatternFunction.fromProperties(props(PrefixPatternFunctionTest::resource,
                "patternValue", "36", "prefixLength", "25", "mapFile", "partition-prefix-pattern.txt")),
    };

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "''       | 0",   // no chars: sum 0
        "a        | 2",   // 97 mod 36 = 25
        "0        | 1",   // 48 mod 36 = 12
        "abcde    | 3",   // 495 mod 36 = 27
        "abcdefgh | 3",   // only the first five count
        "12345    | 0",   // 255 mod 36 = 3
        "ZZZZZ    | 2",   // 450 mod 36 = 18
        "中文      | 3",   // UTF-16 chars: 20013 + 25991 = 46004, mod 36 = 32
        "NULL     | 3",   // 315 mod 36 = 27
    })
    void sumsThePrefixModuloThePatternValue(String value, int node) {
        assertThat(FIVE_CHARS.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void placesIntegersByTheirTextAndNullAsTheTextNull() {
        assertThat(FIVE_CHARS.nodeOf(SqlValue.of(Long.MAX_VALUE))).isEqualTo(0);   // "92233": 259 mod 36 = 7
        assertThat(FIVE_CHARS.nodeOf(SqlValue.of(0))).isEqualTo(1);
        assertThat(FIVE_CHARS.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(3);
    }

    @Test
    void countsTheDistinctNodesOfTheMapAndRoutesRangesEverywhere() {
        assertThat(FIVE_CHARS.nodeCount()).isEqualTo(4);
        assertThat(FIVE_CHARS.nodesOf(SqlValue.of("a"), SqlValue.of("b"), 4)).isEqualTo(NodeSet.all(4));
    }

    @Test
    void readsTheShippedAutopartitionLongFile() {
        // 0-500M=0, 500M-1000M=1, 1000M-1500M=2: M is 10,000, so every sum below 1024 is on node 0.
        PrefixPatternFunction function = PrefixPatternFunction.fromProperties(props(PrefixPatternFunctionTest::resource,
                "prefixLength", "5", "mapFile", "autopartition-long.txt"));
        assertThat(function.nodeOf(SqlValue.of("abcde"))).isZero();
        assertThat(function.nodeOf(SqlValue.of("ZZZZZ"))).isZero();
        assertThat(function.nodeCount()).isEqualTo(3);
    }

    @Test
    void readsTheShippedAutoShardingLongFileInFileOrder() {
        // 2000001-4000000=1 comes first, then 0-2000000=0, then 4000001-8000000=2.
        PrefixPatternFunction function = PrefixPatternFunction.fromProperties(props(PrefixPatternFunctionTest::resource,
                "patternValue", "8000001", "prefixLength", "100", "mapFile", "auto-sharding-long.txt"));
        assertThat(function.nodeOf(SqlValue.of("abc"))).isZero();
        assertThat(function.nodeOf(SqlValue.of("\uffff".repeat(31)))).isEqualTo(1);    // 2,031,585
        assertThat(function.nodeOf(SqlValue.of("\uffff".repeat(70)))).isEqualTo(2);    // 4,587,450
        assertThat(function.nodeOf(SqlValue.of("\uffff".repeat(123)))).isEqualTo(2);   // 100 chars: 6,553,500
        assertThat(function.nodeCount()).isEqualTo(3);
    }

    @Test
    void firstMatchingLineWins() throws IOException {
        PrefixPatternFunction function = withMap("0-35=1\n0-8=0\n", "patternValue", "36", "prefixLength", "5");
        assertThat(function.nodeOf(SqlValue.of(""))).isEqualTo(1);
        assertThat(function.nodeCount()).isEqualTo(2);
    }

    @Test
    void usesMycatDefaultsPatternValue1024AndPrefixLength0() throws IOException {
        PrefixPatternFunction function = withMap("0-0=0\n1-1023=1\n");
        assertThat(function.nodeOf(SqlValue.of("anything"))).isZero();   // no prefix: every sum is 0
    }

    @Test
    void cannotPlaceASumOutsideEveryRange() throws IOException {
        PrefixPatternFunction function = withMap("0-8=0\n", "patternValue", "36", "prefixLength", "5");
        assertThatThrownBy(() -> function.nodeOf(SqlValue.of("a")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByPrefixPattern cannot place 'a': prefix sum 97 mod 36 = 25 "
                        + "(expected: in a range of the map file)");
    }

    @Test
    void readsMycatNumberSuffixes() throws IOException {
        // K is 1,000 and M 10,000, each with an optional remainder: 2K1 is 2,001.
        PrefixPatternFunction function = withMap("0-2K=0\n2K1-1M=1\n1m1-2M=2\n", "patternValue", "20001",
                "prefixLength", "1");
        assertThat(function.nodeOf(SqlValue.of("\u07d0"))).isEqualTo(0);      // 2000
        assertThat(function.nodeOf(SqlValue.of("\u07d1"))).isEqualTo(1);      // 2001
        assertThat(function.nodeOf(SqlValue.of("\u2710"))).isEqualTo(1);      // 10000
        assertThat(function.nodeOf(SqlValue.of("\u2711"))).isEqualTo(2);      // 10001
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0-8", "1-2-3=0", "-5-8=0", "a-8=0", "0-8=x", "M5-8=0"})
    void rejectsMalformedMapLines(String line) {
        assertThatThrownBy(() -> withMap("# comment\n\n" + line + "\n"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function prefix: property mapFile: line \"" + line + "\" "
                        + "(expected: start-end=node, where start and end may end in K (x 1000) or M (x 10000))");
    }

    @Test
    void rejectsRangesThatCanNeverMatchAndNegativeNodes() {
        assertThatThrownBy(() -> withMap("9-0=1\n"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function prefix: property mapFile: range: 9-0 (expected: start <= end)");
        assertThatThrownBy(() -> withMap("0-8=-1\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mapFile: 0-8=-1 (expected: a node >= 0)");
    }

    @Test
    void rejectsBadProperties() throws IOException {
        assertThatThrownBy(() -> withMap("0-8=0\n", "patternValue", "0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("patternValue: 0 (expected: >= 1)");
        assertThatThrownBy(() -> withMap("0-8=0\n", "prefixLength", "-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prefixLength: -1 (expected: >= 0)");
        assertThatThrownBy(() -> withMap("# only a comment\n"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function prefix: property mapFile: ranges: [] "
                        + "(expected: at least one start-end=value line)");
        assertThatThrownBy(() -> PrefixPatternFunction.fromProperties(props(dir::resolve, "prefixLength", "5")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function prefix: property mapFile: missing");
        assertThatThrownBy(() -> PrefixPatternFunction.fromProperties(props(dir::resolve, "mapFile", "none.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessageStartingWith("function prefix: property mapFile: cannot read map file ");
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
