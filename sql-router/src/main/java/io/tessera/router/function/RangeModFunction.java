package io.tessera.router.function;

import java.util.BitSet;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByRangeMod}: a map file of value ranges, each owning a group of
 * consecutive nodes; inside its range's group a value goes to |value| mod the group's size.
 *
 * <pre>{@code
 * <function name="rang-mod" class="io.mycat.route.function.PartitionByRangeMod">
 *     <property name="mapFile">partition-range-mod.txt</property>   <!-- lines like 0-200M=5 -->
 *     <property name="defaultNode">0</property>                     <!-- optional -->
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6:
 * <ul>
 *   <li>Map lines are {@code start-end=groupSize}, both ends included, with MyCat's units ({@code K} = 1,000,
 *       {@code M} = 10,000). Groups take node indexes in file order, whatever the values: the first line's group
 *       starts at node 0, the next one right after it, and so on.</li>
 *   <li>A value goes to the first line, in file order, whose range holds it: node = the group's first node +
 *       |value| mod groupSize. Outside every range it goes to {@code defaultNode}, else it cannot be placed.</li>
 *   <li>The value is read as MyCat's {@code Long.parseLong} reads it; other text and NULL cannot be placed.</li>
 *   <li>{@link #nodeCount()} is the sum of the group sizes.</li>
 * </ul>
 *
 * <p>Ranges: MyCat answers from the first node of {@code low}'s group to the last node of {@code high}'s group; every
 * node when either bound has neither a range nor a default node; and no node at all when that answer is backwards
 * (so a range from high to low reaches nothing). Tessera keeps that answer when it holds every node the range reaches,
 * and answers every node when it does not.
 */
final class RangeModFunction implements ShardingFunction {

    private static final String NAME = "PartitionByRangeMod";

    private final RangeMap ranges;
    private final int[] firstNodes;                         // the first node of each range's group
    private final int defaultNode;
    private final int partitions;

    /**
     * @param ranges      each range's value is its group size
     * @param defaultNode the node of values outside every range, or -1 for none
     */
    RangeModFunction(RangeMap ranges, int defaultNode) {
        if (defaultNode < -1) {
            throw new IllegalArgumentException("defaultNode: " + defaultNode + " (expected: >= 0, or -1 for none)");
        }
        firstNodes = new int[ranges.size()];
        long next = 0;
        for (int i = 0; i < ranges.size(); i++) {
            if (ranges.value(i) < 1) {
                throw new IllegalArgumentException("groupSize: " + ranges.value(i) + " of range " + ranges.start(i)
                        + "-" + ranges.end(i) + " (expected: >= 1)");
            }
            firstNodes[i] = (int) next;
            next += ranges.value(i);
            if (next > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("groupSize: sum " + next + " (expected: <= " + Integer.MAX_VALUE
                        + ")");
            }
        }
        this.ranges = ranges;
        this.defaultNode = defaultNode;
        this.partitions = (int) next;
    }

    /** Reads rule.xml properties and the map file; {@link FunctionRegistry} adds the function's name to any error. */
    static RangeModFunction fromProperties(FunctionProperties props) {
        return new RangeModFunction(RangeMap.read(props, "mapFile", true, "groupSize"),
                props.optionalInt("defaultNode", -1));
    }

    @Override
    public int nodeCount() {
        return partitions;
    }

    @Override
    public int nodeOf(SqlValue value) {
        long v = SqlValues.longValue(value, NAME);
        int range = ranges.indexOf(v);
        if (range >= 0) {
            return nodeIn(range, v);
        }
        if (defaultNode < 0) {
            throw SqlValues.unplaceable(NAME, value, "no range of the map file holds it and there is no defaultNode");
        }
        return defaultNode;
    }

    private int nodeIn(int range, long v) {
        return firstNodes[range] + (int) Math.abs(v % ranges.value(range));   // |v| mod size, Long.MIN_VALUE too
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        if (!SqlValues.isLong(low) || !SqlValues.isLong(high)) {
            return NodeSet.all(tableNodes);                 // MyCat fails on such bounds; every node is safe
        }
        long lo = SqlValues.longValue(low, NAME);
        long hi = SqlValues.longValue(high, NAME);
        int loRange = ranges.indexOf(lo);
        int hiRange = ranges.indexOf(hi);
        int first = loRange >= 0 ? firstNodes[loRange] : defaultNode;
        int last = hiRange >= 0 ? firstNodes[hiRange] + ranges.value(hiRange) - 1 : defaultNode;
        BitSet mycat = first < 0 || last < 0 ? null : NodeRanges.sequence(first, last);
        BitSet reached = new BitSet();
        ranges.forEachPart(lo, hi, (range, from, to) -> {
            if (range < 0) {
                if (defaultNode >= 0) {
                    reached.set(defaultNode);
                }
                return;
            }
            int size = ranges.value(range);
            long span = to - from;                          // negative on overflow
            // 2 x size or more consecutive values hold size consecutive values of one sign: every residue.
            if (span < 0 || span >= 2L * size - 1) {
                reached.set(firstNodes[range], firstNodes[range] + size);
            } else {
                for (long i = 0; i <= span; i++) {
                    reached.set(nodeIn(range, from + i));
                }
            }
        });
        return NodeRanges.choose(mycat, reached, tableNodes, NAME);
    }
}
