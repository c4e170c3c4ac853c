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

class RangeModFunctionTest {

    /**
     * MyCat's partition-range-mod.txt: 0-200M=5 (nodes 0-4), 200M1-400M=1 (node 5), 400M1-600M=4 (6-9),
     * 600M1-800M=4 (10-13), 800M1-1000M=6 (14-19).
     */
    private static final RangeModFunction SHIPPED = RangeModFunction.fromProperties(props(
            "mapFile", "partition-range-mod.txt"));
    private static final RangeModFunction SHIPPED_DEFAULT_3 = RangeModFunction.fromProperties(props(
            "mapFile", "partition-range-mod.txt", "defaultNode", "3"));
    /**
     * MyCat's auto-sharding-rang-mod.txt, the same ranges in another order, so other groups: 800M1-1000M=6 (0-5),
     * 600M1-800M=4 (6-9), 200M1-400M=1 (10), 0-200M=5 (11-15), 400M1-600M=4 (16-19).
     */
    private static final RangeModFunction REORDERED = RangeModFunction.fromProperties(props(
            "mapFile", "auto-sharding-rang-mod.txt"));

    @TempDir
    Path dir;

    // Expected nodes: MyCat's file-order scan, first node of the group + |value| mod groupSize.
    @ParameterizedTest(name = "{0} -> {1}, with defaultNode 3: {2}, reordered map: {3}")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                      0,   0,   11
            1,                      1,   1,   12
            4,                      4,   4,   15
            5,                      0,   0,   11
            '7',                    2,   2,   13
            2000000,                0,   0,   11
            2000001,                5,   5,   10
            4000000,                5,   5,   10
            4000001,                7,   7,   17
            6000001,                11,  11,  7
            8000001,                17,  17,  3
            10000000,               18,  18,  4
            10000001,               ERR, 3,   ERR
            -1,                     ERR, 3,   ERR
            -9223372036854775808,   ERR, 3,   ERR
            'abc',                  ERR, ERR, ERR
            NULL,                   ERR, ERR, ERR
            """)
    void placesLikeMyCat(String spec, String node, String withDefault, String reordered) {
        assertThat(placed(SHIPPED, spec)).isEqualTo(node);
        assertThat(placed(SHIPPED_DEFAULT_3, spec)).isEqualTo(withDefault);
        assertThat(placed(REORDERED, spec)).isEqualTo(reordered);
    }

    private static String placed(ShardingFunction function, String spec) {
        try {
            return Integer.toString(function.nodeOf(value(spec)));
        } catch (UnplaceableValueException e) {
            return "ERR";
        }
    }

    @Test
    void takesTheModuloOfTheAbsoluteValue() throws IOException {
        Files.writeString(dir.resolve("map.txt"), "-9223372036854775808--1=3\n");
        assertThatThrownBy(() -> RangeModFunction.fromProperties(propsIn(dir, "mapFile", "map.txt")))
                .isInstanceOf(FunctionConfigException.class);               // MyCat's format has no negative bounds
        Files.writeString(dir.resolve("map.txt"), "0-9223372036854775807=7\n");
        RangeModFunction f = RangeModFunction.fromProperties(propsIn(dir, "mapFile", "map.txt"));
        assertThat(f.nodeOf(SqlValue.of(Long.MAX_VALUE))).isEqualTo((int) (Long.MAX_VALUE % 7));
        assertThat(f.nodeCount()).isEqualTo(7);
    }

    @Test
    void sumsTheGroupSizes() {
        assertThat(SHIPPED.nodeCount()).isEqualTo(20);
        assertThat(SHIPPED_DEFAULT_3.nodeCount()).isEqualTo(20);
    }

    /** MyCat's own PartitionByRangeModTest.testRange, over the same map: 10, 5 and 8 nodes. */
    @Test
    void agreesWithMyCatsOwnRangeTest() {
        assertThat(SHIPPED.nodesOf(SqlValue.of(2_000_000), SqlValue.of(4_000_001), 20).count()).isEqualTo(10);
        assertThat(SHIPPED.nodesOf(SqlValue.of(9), SqlValue.of(2000), 20)).isEqualTo(NodeSet.of(20, 0, 1, 2, 3, 4));
        assertThat(SHIPPED.nodesOf(SqlValue.of(4_000_001), SqlValue.of(6_005_001), 20))
                .isEqualTo(NodeSet.of(20, 6, 7, 8, 9, 10, 11, 12, 13));
    }

    @Test
    void keepsMyCatsWholeGroupsForShortRanges() {
        // Values 5..7 reach nodes 0-2 only, but MyCat answers the whole group; that holds them, so it is kept.
        assertThat(SHIPPED.nodesOf(SqlValue.of(5), SqlValue.of(7), 20)).isEqualTo(NodeSet.of(20, 0, 1, 2, 3, 4));
        assertThat(SHIPPED.nodesOf(SqlValue.of("7"), SqlValue.of("5"), 20)).isEqualTo(NodeSet.of(20, 0, 1, 2, 3, 4));
    }

    @Test
    void answersNoNodeForABackwardsRangeAsMyCatDoes() {
        NodeSet none = SHIPPED.nodesOf(SqlValue.of(2_000_001), SqlValue.of(1), 20);
        assertThat(none.count()).isZero();
        assertThat(none.size()).isEqualTo(20);
    }

    @Test
    void answersEveryNodeWhereMyCatsRangeMissesNodes() {
        // MyCat: the first node of 0's group (11) to the last of 10,000,000's (5) is backwards: no node at all.
        assertThat(REORDERED.nodesOf(SqlValue.of(0), SqlValue.of(10_000_000), 20)).isEqualTo(NodeSet.all(20));
        // MyCat: 0..3 (defaultNode), missing nodes 4-19 that hold 2,000,001..10,000,000.
        assertThat(SHIPPED_DEFAULT_3.nodesOf(SqlValue.of(0), SqlValue.of(20_000_000), 20)).isEqualTo(NodeSet.all(20));
        // A bound outside every range with no defaultNode: MyCat answers every node.
        assertThat(SHIPPED.nodesOf(SqlValue.of(-5), SqlValue.of(3), 20)).isEqualTo(NodeSet.all(20));
        assertThat(SHIPPED.nodesOf(SqlValue.of(1), SqlValue.of("x"), 20)).isEqualTo(NodeSet.all(20));
    }

    @Test
    void refusesBadMapsAndProperties() throws IOException {
        Files.writeString(dir.resolve("zero.txt"), "0-10=0\n");
        assertThatThrownBy(() -> RangeModFunction.fromProperties(propsIn(dir, "mapFile", "zero.txt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("groupSize: 0 of range 0-10 (expected: >= 1)");
        Files.writeString(dir.resolve("bad.txt"), "0-10=2\n11-20\n");
        assertThatThrownBy(() -> RangeModFunction.fromProperties(propsIn(dir, "mapFile", "bad.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: line \"11-20\" (expected: start-end=groupSize, where start"
                        + " and end may end in K (x 1000) or M (x 10000))");
        assertThatThrownBy(() -> RangeModFunction.fromProperties(props("mapFile", "partition-range-mod.txt",
                "defaultNode", "x")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property defaultNode: \"x\" (expected: an integer)");
    }
}
