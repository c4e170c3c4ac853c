package io.tessera.router.function;

import java.util.Arrays;
import java.util.BitSet;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByLong} ("fixed sharding"): a ring of 1024 slots cut into
 * partitions; a value's slot is its folded key's low 10 bits.
 *
 * <pre>{@code
 * <function name="func1" class="io.mycat.route.function.PartitionByLong">
 *     <property name="partitionCount">2,1</property>      <!-- 2 partitions of 256 slots, then 1 of 512 -->
 *     <property name="partitionLength">256,512</property>
 * </function>
 * }</pre>
 *
 * <p>Partition {@code i} is the {@code i}-th run of slots: {@code partitionCount[k]} partitions of
 * {@code partitionLength[k]} slots each, for every {@code k} in order; the slots add up to exactly 1024.
 *
 * <p>Compatibility rules. The key is folded as MyCat 1.6.7.5 and later fold it: slot =
 * {@code ((key >>> 32) ^ key) & 1023}. Releases up to 1.6.7.4 used {@code key & 1023} (MyCat's README: the two
 * place data differently); both agree on keys from 0 to 2^32 - 1, and differ on negative keys and keys of 2^32 and
 * more. The value is read as MyCat's {@code Long.parseLong} reads it; other text and NULL cannot be placed.
 *
 * <p>Ranges: MyCat answers nodes {@code node(low)} to {@code node(high)} (every node when that is backwards), which
 * misses nodes when the range wraps around the ring; Tessera keeps MyCat's answer when it holds every node the range
 * reaches, and answers every node otherwise.
 */
final class FixedSlotFunction implements ShardingFunction {

    static final int SLOTS = 1024;

    private static final String NAME = "PartitionByLong";

    private final int[] nodeOfSlot = new int[SLOTS];
    private final int partitions;

    FixedSlotFunction(int[] partitionCount, int[] partitionLength) {
        if (partitionCount.length != partitionLength.length || partitionCount.length == 0) {
            throw new IllegalArgumentException("partitionCount: " + Arrays.toString(partitionCount)
                    + ", partitionLength: " + Arrays.toString(partitionLength)
                    + " (expected: two lists of the same, non-zero length)");
        }
        long slots = 0;
        for (int k = 0; k < partitionCount.length; k++) {
            if (partitionCount[k] < 1) {
                throw new IllegalArgumentException("partitionCount: " + partitionCount[k] + " (expected: >= 1)");
            }
            if (partitionLength[k] < 1) {
                throw new IllegalArgumentException("partitionLength: " + partitionLength[k] + " (expected: >= 1)");
            }
            slots += (long) partitionCount[k] * partitionLength[k];
        }
        if (slots != SLOTS) {
            throw new IllegalArgumentException("partitionCount x partitionLength: " + slots + " slots (expected: "
                    + SLOTS + ")");
        }
        int slot = 0;
        int partition = 0;
        for (int k = 0; k < partitionCount.length; k++) {
            for (int p = 0; p < partitionCount[k]; p++, partition++) {
                Arrays.fill(nodeOfSlot, slot, slot + partitionLength[k], partition);
                slot += partitionLength[k];
            }
        }
        this.partitions = partition;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static FixedSlotFunction fromProperties(FunctionProperties props) {
        return new FixedSlotFunction(intList(props, "partitionCount"), intList(props, "partitionLength"));
    }

    private static int[] intList(FunctionProperties props, String name) {
        String[] items = props.required(name).split(",", -1);
        int[] ints = new int[items.length];
        for (int i = 0; i < items.length; i++) {
            try {
                ints[i] = Integer.parseInt(items[i].trim());
            } catch (NumberFormatException e) {
                throw props.error(name, "\"" + props.required(name) + "\" (expected: integers separated by commas)");
            }
        }
        return ints;
    }

    /** The sum of {@code partitionCount}. */
    @Override
    public int nodeCount() {
        return partitions;
    }

    @Override
    public int nodeOf(SqlValue value) {
        return nodeOf(SqlValues.longValue(value, NAME));
    }

    private int nodeOf(long key) {
        return nodeOfSlot[(int) (((key >>> 32) ^ key) & (SLOTS - 1))];
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        if (!SqlValues.isLong(low) || !SqlValues.isLong(high)) {
            return NodeSet.all(tableNodes);                 // MyCat fails on such bounds; every node is safe
        }
        long lo = SqlValues.longValue(low, NAME);
        long hi = SqlValues.longValue(high, NAME);
        int first = nodeOf(lo);
        int last = nodeOf(hi);
        BitSet mycat = last >= first ? NodeRanges.sequence(first, last) : null;
        return NodeRanges.choose(mycat, reached(lo, hi), tableNodes, NAME);
    }

    /** The nodes that the values {@code lo..hi} reach. */
    private BitSet reached(long lo, long hi) {
        BitSet nodes = new BitSet();
        if (hi < lo) {
            return nodes;
        }
        long span = hi - lo;                                // negative on overflow: more than Long.MAX_VALUE keys
        // 2 x SLOTS - 1 or more consecutive keys hold SLOTS consecutive keys on one side of every multiple of 2^32;
        // those share their high half, which the fold XORs into all of them alike, so they reach every slot.
        if (span < 0 || span >= 2 * SLOTS - 1) {
            nodes.set(0, partitions);
            return nodes;
        }
        for (long i = 0; i <= span; i++) {
            nodes.set(nodeOf(lo + i));
        }
        return nodes;
    }
}
