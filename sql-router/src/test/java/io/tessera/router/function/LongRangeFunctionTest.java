package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.propsIn;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LongRangeFunctionTest {

    /** MyCat's shipped autopartition-long.txt: 0-500M=0, 500M-1000M=1, 1000M-1500M=2 (M is 10,000). */
    private static final LongRangeFunction SHIPPED = LongRangeFunction.fromProperties(props(
            "mapFile", "autopartition-long.txt"));
    private static final LongRangeFunction SHIPPED_DEFAULT_1 = LongRangeFunction.fromProperties(props(
            "mapFile", "autopartition-long.txt", "defaultNode", "1"));
    /** MyCat's auto-sharding-long.txt: 2000001-4000000=1, 0-2000000=0, 4000001-8000000=2. */
    private static final LongRangeFunction CLASSIC = LongRangeFunction.fromProperties(props(
            "mapFile", "auto-sharding-long.txt"));

    @TempDir
    Path dir;

    // Expected nodes: MyCat's file-order range scan; ERR where MyCat finds no node.
    @ParameterizedTest(name = "{0} -> {1}, with defaultNode 1: {2}")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                      0,   0
            '0',                    0,   0
            4999999,                0,   0
            5000000,                0,   0
            5000001,                1,   1
            '5000001',              1,   1
            10000000,               1,   1
            10000001,               2,   2
            15000000,               2,   2
            15000001,               ERR, 1
            -1,                     ERR, 1
            9223372036854775807,    ERR, 1
            -9223372036854775808,   ERR, 1
            'abc',                  ERR, ERR
            '',                     ERR, ERR
            ' 1',                   ERR, ERR
            '9223372036854775808',  ERR, ERR
            NULL,                   ERR, ERR
            """)
    void placesLikeMyCatWithTheShippedMap(String spec, String node, String withDefault) {
        assertThat(placed(SHIPPED, spec)).isEqualTo(node);
        assertThat(placed(SHIPPED_DEFAULT_1, spec)).isEqualTo(withDefault);
    }

    private static String placed(ShardingFunction function, String spec) {
        try {
            return Integer.toString(function.nodeOf(value(spec)));
        } catch (UnplaceableValueException e) {
            return "ERR";
        }
    }

    /** MyCat's own AutoPartitionByLongTest, whose map file is the classic 0-2000000=0 one. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            0,        0
            2000000,  0
            2000001,  1
            4000000,  1
            4000001,  2
            8000000,  2
            """)
    void agreesWithMyCatsOwnTest(long value, int node) {
        assertThat(CLASSIC.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void refusesOutOfRangeValuesWithoutDefaultNode() {
        assertThatThrownBy(() -> CLASSIC.nodeOf(SqlValue.of(8000001)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("AutoPartitionByLong cannot place 8000001: no range of the map file holds it and there is"
                        + " no defaultNode");
        assertThatThrownBy(() -> SHIPPED_DEFAULT_1.nodeOf(SqlValue.of("12a")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("AutoPartitionByLong cannot place '12a': not an integer in the range of a Java long");
    }

    @Test
    void countsTheDistinctNodesOfTheMap() {
        assertThat(SHIPPED.nodeCount()).isEqualTo(3);
        assertThat(SHIPPED_DEFAULT_1.nodeCount()).isEqualTo(3);
    }

    @Test
    void keepsMyCatsRangeAnswerWhenItHoldsEveryReachedNode() {
        assertThat(SHIPPED.nodesOf(SqlValue.of(0), SqlValue.of(5_000_000), 3)).isEqualTo(NodeSet.of(3, 0));
        assertThat(SHIPPED.nodesOf(SqlValue.of(100), SqlValue.of(6_000_000), 3)).isEqualTo(NodeSet.of(3, 0, 1));
        assertThat(SHIPPED.nodesOf(SqlValue.of("4000000"), SqlValue.of(12_000_000), 3)).isEqualTo(NodeSet.all(3));
        assertThat(SHIPPED.nodesOf(SqlValue.of(6_000_000), SqlValue.of(7_000_000), 3)).isEqualTo(NodeSet.of(3, 1));
        // Backwards: node(low) > node(high), which MyCat answers with every node.
        assertThat(SHIPPED.nodesOf(SqlValue.of(6_000_000), SqlValue.of(100), 3)).isEqualTo(NodeSet.all(3));
        // A bound outside the map and no default node: MyCat answers every node.
        assertThat(SHIPPED.nodesOf(SqlValue.of(14_000_000), SqlValue.of(20_000_000), 3)).isEqualTo(NodeSet.all(3));
        assertThat(SHIPPED_DEFAULT_1.nodesOf(SqlValue.of(20_000_000), SqlValue.of(30_000_000), 3))
                .isEqualTo(NodeSet.of(3, 1));
        assertThat(SHIPPED.nodesOf(SqlValue.of("x"), SqlValue.of(30), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void answersEveryNodeWhereMyCatsRangeMissesNodes() {
        // MyCat: node(0) = 0 to node(20M) = defaultNode 1, missing node 2, which holds 10,000,001..15,000,000.
        assertThat(SHIPPED_DEFAULT_1.nodesOf(SqlValue.of(0), SqlValue.of(20_000_000), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void answersEveryNodeWhereNodesDoNotGrowWithValues() throws IOException {
        Files.writeString(dir.resolve("map.txt"), "0-100=0\n101-200=2\n201-300=1\n");
        LongRangeFunction f = LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "map.txt"));
        assertThat(f.nodesOf(SqlValue.of(50), SqlValue.of(250), 3)).isEqualTo(NodeSet.all(3));   // MyCat: 0..1
        assertThat(f.nodesOf(SqlValue.of(150), SqlValue.of(250), 3)).isEqualTo(NodeSet.all(3));  // MyCat: backwards
        assertThat(f.nodesOf(SqlValue.of(10), SqlValue.of(20), 3)).isEqualTo(NodeSet.of(3, 0));
    }

    @Test
    void readsMyCatUnitsAndComments() throws IOException {
        Files.writeString(dir.resolve("map.txt"), "# comment\n// comment\n\n  0-1k = 0\n1K1-2m=1\n20001-2M1=2\n");
        LongRangeFunction f = LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "map.txt"));
        assertThat(f.nodeOf(SqlValue.of(1000))).isZero();
        assertThat(f.nodeOf(SqlValue.of(1001))).isEqualTo(1);
        assertThat(f.nodeOf(SqlValue.of(20_000))).isEqualTo(1);
        assertThat(f.nodeOf(SqlValue.of(20_001))).isEqualTo(2);
    }

    @Test
    void refusesLinesMyCatWouldSkip() throws IOException {
        String expected = " (expected: start-end=node, where start and end may end in K (x 1000) or M (x 10000))";
        for (String line : new String[] {"0-100", "0-100=x", "100=1", "-5-10=0", "0-10-20=1", "M5-10=0",
            "0-99999999999999999M=0"}) {
            Files.writeString(dir.resolve("bad.txt"), "0-5=0\n" + line + "\n");
            assertThatThrownBy(() -> LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "bad.txt")))
                    .isInstanceOf(FunctionConfigException.class)
                    .hasMessage("function f: property mapFile: line \"" + line + "\"" + expected);
        }
    }

    @Test
    void refusesBadRangesAndNodes() throws IOException {
        Files.writeString(dir.resolve("backwards.txt"), "10-5=0\n");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "backwards.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: range: 10-5 (expected: start <= end)");
        Files.writeString(dir.resolve("empty.txt"), "# nothing\n");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "empty.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: ranges: [] (expected: at least one start-end=value line)");
        Files.writeString(dir.resolve("negative.txt"), "0-5=-1\n");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(propsIn(dir, "mapFile", "negative.txt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("node: -1 of range 0-5 (expected: >= 0)");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(props("mapFile", "autopartition-long.txt",
                "defaultNode", "-2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultNode: -2 (expected: >= 0, or -1 for none)");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(props("mapFile", "no-such-file.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessageStartingWith("function f: property mapFile: cannot read map file");
        assertThatThrownBy(() -> LongRangeFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: missing");
    }
}
