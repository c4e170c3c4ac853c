package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FixedSlotFunctionTest {

    /** Two partitions of 256 slots, then one of 512: slots 0-255 on node 0, 256-511 on 1, 512-1023 on 2. */
    private static final FixedSlotFunction UNEVEN = FixedSlotFunction.fromProperties(props(
            "partitionCount", "2, 1", "partitionLength", "256,512"));

    // Expected nodes: MyCat 1.6.7.6's PartitionUtil with the key folded as (key >>> 32) ^ key.
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                       0
            255,                     0
            256,                     1
            511,                     1
            512,                     2
            1023,                    2
            1024,                    0
            '1024',                  0
            '+1024',                 0
            -1,                      0
            -1024,                   2
            4294967295,              2
            4294967296,              0
            4294967551,              0
            9223372036854775807,     0
            -9223372036854775808,    0
            """)
    void placesLikeMyCat(String spec, int node) {
        assertThat(UNEVEN.nodeOf(value(spec))).isEqualTo(node);
    }

    /** MyCat's own PartitionByLongTest. */
    @Test
    void agreesWithMyCatsOwnTest() {
        FixedSlotFunction four = new FixedSlotFunction(new int[] {4}, new int[] {256});
        assertThat(new int[] {four.nodeOf(SqlValue.of(0)), four.nodeOf(SqlValue.of(256)), four.nodeOf(SqlValue.of(512)),
            four.nodeOf(SqlValue.of(768)), four.nodeOf(SqlValue.of(1023))}).containsExactly(0, 1, 2, 3, 3);
        FixedSlotFunction many = new FixedSlotFunction(new int[] {256}, new int[] {4});
        assertThat(new int[] {many.nodeOf(SqlValue.of(0)), many.nodeOf(SqlValue.of(5)), many.nodeOf(SqlValue.of(10)),
            many.nodeOf(SqlValue.of(768)), many.nodeOf(SqlValue.of(1023))}).containsExactly(0, 1, 2, 192, 255);
        assertThat(many.nodeCount()).isEqualTo(256);
    }

    @Test
    void foldsTheHighHalfIntoTheSlotAsMyCat1675AndLaterDo() {
        // Without the fold (MyCat 1.6.7.4 and before) -1 would be slot 1023 and 2^32 + 513 slot 513.
        assertThat(UNEVEN.nodeOf(SqlValue.of(-1))).isZero();
        assertThat(UNEVEN.nodeOf(SqlValue.of((1L << 32) + 513))).isEqualTo(2);   // slot 513 ^ 1 = 512
        assertThat(UNEVEN.nodeOf(SqlValue.of((1L << 32) + 256))).isEqualTo(1);   // slot 256 ^ 1 = 257
        assertThat(UNEVEN.nodeOf(SqlValue.of(5L << 32))).isZero();               // slot 0 ^ 5 = 5
    }

    @Test
    void refusesWhatMyCatCannotParse() {
        for (String text : new String[] {"abc", "", " 1", "1.5", "9223372036854775808", "NULL"}) {
            assertThatThrownBy(() -> UNEVEN.nodeOf(SqlValue.of(text))).isInstanceOf(UnplaceableValueException.class);
        }
        assertThatThrownBy(() -> UNEVEN.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByLong cannot place NULL: not an integer in the range of a Java long");
        assertThatThrownBy(() -> UNEVEN.nodeOf(SqlValue.of("abc")))
                .hasMessage("PartitionByLong cannot place 'abc': not an integer in the range of a Java long");
    }

    @Test
    void keepsMyCatsRangeAnswerWhenItHoldsEveryReachedNode() {
        assertThat(UNEVEN.nodesOf(SqlValue.of(0), SqlValue.of(255), 3)).isEqualTo(NodeSet.of(3, 0));
        assertThat(UNEVEN.nodesOf(SqlValue.of(200), SqlValue.of(300), 3)).isEqualTo(NodeSet.of(3, 0, 1));
        assertThat(UNEVEN.nodesOf(SqlValue.of("300"), SqlValue.of("600"), 3)).isEqualTo(NodeSet.of(3, 1, 2));
        assertThat(UNEVEN.nodesOf(SqlValue.of(-10), SqlValue.of(-1), 3)).isEqualTo(NodeSet.of(3, 0));
        // Backwards bounds: MyCat answers node(low)..node(high) when that is ascending, every node otherwise.
        assertThat(UNEVEN.nodesOf(SqlValue.of(200), SqlValue.of(100), 3)).isEqualTo(NodeSet.of(3, 0));
        assertThat(UNEVEN.nodesOf(SqlValue.of(300), SqlValue.of(200), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void answersEveryNodeWhereMyCatsRangeMissesNodes() {
        // 200..1100 wraps the ring: MyCat answers node 0 only, but 256..1023 live on nodes 1 and 2.
        assertThat(UNEVEN.nodesOf(SqlValue.of(200), SqlValue.of(1100), 3)).isEqualTo(NodeSet.all(3));
        assertThat(UNEVEN.nodesOf(SqlValue.of(1000), SqlValue.of(1100), 3)).isEqualTo(NodeSet.all(3));
        assertThat(UNEVEN.nodesOf(SqlValue.of(Long.MIN_VALUE), SqlValue.of(Long.MAX_VALUE), 3))
                .isEqualTo(NodeSet.all(3));
        assertThat(UNEVEN.nodesOf(SqlValue.of("abc"), SqlValue.of(5), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void refusesLayoutsThatDoNotCoverTheRing() {
        assertThatThrownBy(() -> FixedSlotFunction.fromProperties(props("partitionCount", "8",
                "partitionLength", "100")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount x partitionLength: 800 slots (expected: 1024)");
        assertThatThrownBy(() -> FixedSlotFunction.fromProperties(props("partitionCount", "2,1",
                "partitionLength", "256")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: [2, 1], partitionLength: [256] (expected: two lists of the same,"
                        + " non-zero length)");
        assertThatThrownBy(() -> new FixedSlotFunction(new int[] {0, 4}, new int[] {5, 256}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitionCount: 0 (expected: >= 1)");
        assertThatThrownBy(() -> FixedSlotFunction.fromProperties(props("partitionCount", "4,x",
                "partitionLength", "256")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property partitionCount: \"4,x\" (expected: integers separated by commas)");
        assertThatThrownBy(() -> FixedSlotFunction.fromProperties(props("partitionCount", "4")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property partitionLength: missing");
    }
}
