package io.tessera.router.function;

import java.util.OptionalLong;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByRangeDateHash}: dates are grouped in blocks of {@code sPartionDay}
 * days from {@code sBeginDate}, each block owning {@code groupPartionSize} consecutive nodes, and a consistent hash of
 * the date's epoch milliseconds picks the node inside the block. The property names keep MyCat's spelling.
 *
 * <pre>{@code
 * <function name="rangeDateHash" class="io.mycat.route.function.PartitionByRangeDateHash">
 *     <property name="dateFormat">yyyy-MM-dd HH:mm:ss</property>
 *     <property name="sBeginDate">2014-01-01 00:00:00</property>
 *     <property name="sPartionDay">3</property>
 *     <property name="groupPartionSize">6</property>
 * </function>
 * }</pre>
 *
 * <p>node = {@code block * groupPartionSize + consistentHash(t, groupPartionSize)} with
 * {@code block = (int) ((t - begin) / (sPartionDay days))}. The hash is Guava's {@code Hashing.consistentHash(long,
 * int)}, which MyCat calls: Lamping and Veach's jump consistent hash driven by Guava's own linear congruential
 * generator, whose arithmetic (an {@code int} addition that overflows once in 2^31 draws, the order of the division)
 * differs from MyCat's {@code PartitionByJumpConsistentHash}; {@link #consistentHash} reproduces Guava's exactly.
 * Dates are read as {@link DatePattern} describes; the hash depends on the milliseconds, so on the zone too.
 *
 * <p>MyCat quirks kept: the block division truncates toward zero, so dates up to one block before the begin date fall
 * in block 0; earlier dates give a negative node and cannot be placed; nothing rotates and the function reports no
 * node count, so the router checks each index against the table; an inserted NULL is read as the text {@code NULL},
 * which is no date.
 *
 * <p>Ranges: every node of the blocks from the low date's to the high date's, as MyCat computes. Nodes the table does
 * not have are left out (MyCat refuses the statement), and an unreadable or empty range goes to every node (MyCat
 * fails the statement on both).
 *
 * <p>Deliberate difference: an {@code sPartionDay} below 1 (MyCat divides by zero, or counts blocks backwards) is
 * rejected when rule.xml is loaded; MyCat rejects a {@code groupPartionSize} below 1 too.
 */
final class RangeDateHashFunction implements ShardingFunction {

    private static final String NAME = "PartitionByRangeDateHash";
    private static final long DAY_MILLIS = 86_400_000L;

    private final DatePattern format;
    private final long begin;
    private final long partitionMillis;
    private final int groupSize;

    RangeDateHashFunction(DatePattern format, String beginDate, int partitionDays, int groupSize) {
        if (partitionDays < 1) {
            throw new IllegalArgumentException("sPartionDay: " + partitionDays + " (expected: >= 1)");
        }
        if (groupSize < 1) {
            throw new IllegalArgumentException("groupPartionSize: " + groupSize + " (expected: >= 1)");
        }
        this.format = format;
        this.begin = format.parseSetting("sBeginDate", beginDate);
        this.partitionMillis = partitionDays * DAY_MILLIS;
        this.groupSize = groupSize;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static RangeDateHashFunction fromProperties(FunctionProperties props) {
        return new RangeDateHashFunction(DatePattern.fromProperties(props, null), props.required("sBeginDate"),
                props.requiredInt("sPartionDay"), props.requiredInt("groupPartionSize"));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return -1;
    }

    @Override
    public int nodeOf(SqlValue value) {
        long time = format.parseValue(value, NAME);
        int block = (int) ((time - begin) / partitionMillis);
        return MycatValues.requireNode(block * groupSize + consistentHash(time, groupSize), NAME, value);
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        OptionalLong from = format.parseBound(low);
        OptionalLong to = format.parseBound(high);
        if (from.isEmpty() || to.isEmpty() || from.getAsLong() > to.getAsLong()) {
            return NodeSet.all(tableNodes);
        }
        long first = (from.getAsLong() - begin) / partitionMillis;
        long last = (to.getAsLong() - begin) / partitionMillis;
        if (Math.abs(first) > Integer.MAX_VALUE || Math.abs(last) > Integer.MAX_VALUE) {
            return NodeSet.all(tableNodes);
        }
        return new ReachableNodes(tableNodes).addSpan(first * groupSize, (last + 1) * groupSize - 1).build();
    }

    /**
     * Guava's {@code Hashing.consistentHash(long, int)}: jumps from bucket to bucket with a linear congruential
     * generator seeded by the input until the next jump leaves the buckets.
     */
    static int consistentHash(long input, int buckets) {
        long state = input;
        int candidate = 0;
        while (true) {
            state = 2862933555777941757L * state + 1;
            // Guava adds 1 in int arithmetic, which overflows to a negative draw when the top 31 bits are all ones.
            double draw = ((double) ((int) (state >>> 33) + 1)) / 0x1.0p31;
            int next = (int) ((candidate + 1) / draw);
            if (next < 0 || next >= buckets) {
                return candidate;
            }
            candidate = next;
        }
    }

    @Override
    public String toString() {
        return "PartitionByRangeDateHash[" + format + ", days=" + partitionMillis / DAY_MILLIS + ", group="
                + groupSize + "]";
    }
}
