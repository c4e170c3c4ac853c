package io.tessera.router.function;

import java.util.BitSet;

/**
 * MyCat's {@code io.mycat.route.function.AutoPartitionByLong}: a map file of value ranges, one node each.
 *
 * <pre>{@code
 * <function name="rang-long" class="io.mycat.route.function.AutoPartitionByLong">
 *     <property name="mapFile">autopartition-long.txt</property>   <!-- lines like 0-500M=0 -->
 *     <property name="defaultNode">0</property>                    <!-- optional -->
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6:
 * <ul>
 *   <li>Map lines are {@code start-end=node}, both ends included; {@code K} means 1,000 and {@code M} 10,000 (not a
 *       million: {@code 500M} is 5,000,000, and {@code 200M1} is 2,000,001). Blank lines and lines starting with
 *       {@code #} or {@code //} are comments. MyCat skips any other line it cannot read; Tessera refuses it.</li>
 *   <li>A value goes to the first line, in file order, whose range holds it (ranges may share a boundary), else to
 *       {@code defaultNode}, else it cannot be placed.</li>
 *   <li>The value is read as MyCat's {@code Long.parseLong} reads it; other text and NULL cannot be placed, even with
 *       a {@code defaultNode}.</li>
 *   <li>{@link #nodeCount()} is the number of distinct nodes in the map file, not counting {@code defaultNode}.</li>
 * </ul>
 *
 * <p>Ranges: MyCat answers nodes {@code node(low)} to {@code node(high)}, or every node when either bound has no
 * node or the answer would be backwards. Tessera keeps that answer when it holds every node the range reaches, and
 * answers every node when it does not (a map whose nodes do not grow with the values, or a default node between them).
 */
final class LongRangeFunction implements ShardingFunction {

    private static final String NAME = "AutoPartitionByLong";

    private final RangeMap ranges;
    private final int defaultNode;
    private final int partitions;

    /**
     * @param defaultNode the node of values outside every range, or -1 for none
     */
    LongRangeFunction(RangeMap ranges, int defaultNode) {
        if (defaultNode < -1) {
            throw new IllegalArgumentException("defaultNode: " + defaultNode + " (expected: >= 0, or -1 for none)");
        }
        BitSet nodes = new BitSet();
        for (int i = 0; i < ranges.size(); i++) {
            if (ranges.value(i) < 0) {
                throw new IllegalArgumentException("node: " + ranges.value(i) + " of range " + ranges.start(i) + "-"
                        + ranges.end(i) + " (expected: >= 0)");
            }
            nodes.set(ranges.value(i));
        }
        this.ranges = ranges;
        this.defaultNode = defaultNode;
        this.partitions = nodes.cardinality();
    }

    /** Reads rule.xml properties and the map file; {@link FunctionRegistry} adds the function's name to any error. */
    static LongRangeFunction fromProperties(FunctionProperties props) {
        return new LongRangeFunction(RangeMap.read(props, "mapFile", true, "node"),
                props.optionalInt("defaultNode", -1));
    }

    @Override
    public int nodeCount() {
        return partitions;
    }

    @Override
    public int nodeOf(SqlValue value) {
        int node = nodeOrNone(SqlValues.longValue(value, NAME));
        if (node < 0) {
            throw SqlValues.unplaceable(NAME, value, "no range of the map file holds it and there is no defaultNode");
        }
        return node;
    }

    private int nodeOrNone(long v) {
        int range = ranges.indexOf(v);
        return range >= 0 ? ranges.value(range) : defaultNode;
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        if (!SqlValues.isLong(low) || !SqlValues.isLong(high)) {
            return NodeSet.all(tableNodes);                 // MyCat fails on such bounds; every node is safe
        }
        long lo = SqlValues.longValue(low, NAME);
        long hi = SqlValues.longValue(high, NAME);
        int first = nodeOrNone(lo);
        int last = nodeOrNone(hi);
        BitSet mycat = first >= 0 && last >= first ? NodeRanges.sequence(first, last) : null;
        BitSet reached = new BitSet();
        ranges.forEachPart(lo, hi, (range, from, to) -> {
            if (range >= 0) {
                reached.set(ranges.value(range));
            } else if (defaultNode >= 0) {
                reached.set(defaultNode);
            }
        });
        return NodeRanges.choose(mycat, reached, tableNodes, NAME);
    }
}
