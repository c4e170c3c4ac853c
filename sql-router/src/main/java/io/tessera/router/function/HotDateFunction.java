package io.tessera.router.function;

import java.time.Clock;
import java.util.OptionalLong;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByHotDate}: "hot" dates, from {@code sLastDay} days ago on (the
 * future included), go to node 0; older dates go to nodes 1, 2, ... in blocks of {@code sPartionDay} days counted back
 * from {@code sLastDay} days ago. The property names keep MyCat's spelling.
 *
 * <pre>{@code
 * <function name="sharding-by-hotdate" class="io.mycat.route.function.PartitionByHotDate">
 *     <property name="dateFormat">yyyy-MM-dd</property>
 *     <property name="sLastDay">10</property>
 *     <property name="sPartionDay">30</property>
 * </function>
 * }</pre>
 *
 * <p>With {@code now} the current time in epoch milliseconds, {@code diffDays = (now - t) / 86400000 + 1} (truncated
 * toward zero); the date is hot when {@code diffDays <= sLastDay}, and otherwise its node is
 * {@code (int) ((now - sLastDay days - t) / (sPartionDay days)) + 1}. Dates are read as {@link DatePattern}
 * describes.
 *
 * <p>MyCat quirks kept: the node of a date depends on when the statement runs, and rows are never moved, so a row
 * stored while hot is looked for on a cold node later (MyCat's own design; Tessera reads the time from its clock at
 * each call, as MyCat does); the function reports no node count, so the router checks each index against the table;
 * an inserted NULL is read as the text {@code NULL}, which is no date.
 *
 * <p>Ranges: MyCat answers node 0 when the low date is hot, and otherwise the nodes from the high date's (or the
 * hot boundary's, plus node 0) to the low date's; Tessera computes the same set with a single reading of the clock,
 * leaves out nodes the table does not have (MyCat refuses the statement instead), and answers an unreadable or empty
 * range with every node (MyCat fails the statement).
 *
 * <p>Deliberate differences: a negative {@code sLastDay} and an {@code sPartionDay} below 1 (MyCat divides by zero for
 * every cold date) are rejected when rule.xml is loaded.
 */
final class HotDateFunction implements ShardingFunction {

    private static final String NAME = "PartitionByHotDate";
    private static final long DAY_MILLIS = 86_400_000L;

    private final DatePattern format;
    private final int lastDays;
    private final long partitionMillis;
    private final Clock clock;

    HotDateFunction(DatePattern format, int lastDays, int partitionDays, Clock clock) {
        if (lastDays < 0) {
            throw new IllegalArgumentException("sLastDay: " + lastDays + " (expected: >= 0)");
        }
        if (partitionDays < 1) {
            throw new IllegalArgumentException("sPartionDay: " + partitionDays + " (expected: >= 1)");
        }
        this.format = format;
        this.lastDays = lastDays;
        this.partitionMillis = partitionDays * DAY_MILLIS;
        this.clock = clock;
    }

    /** Reads rule.xml properties; the current time comes from the system clock. */
    static HotDateFunction fromProperties(FunctionProperties props) {
        return fromProperties(props, Clock.systemUTC());
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static HotDateFunction fromProperties(FunctionProperties props, Clock clock) {
        return new HotDateFunction(DatePattern.fromProperties(props, null), props.requiredInt("sLastDay"),
                props.requiredInt("sPartionDay"), clock);
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
        return MycatValues.requireNode((int) partition(format.parseValue(value, NAME), clock.millis()), NAME, value);
    }

    /** MyCat's partition before its {@code int} cast: 0 for a hot date, 1 and up for a cold one. */
    private long partition(long time, long now) {
        long diffDays = (now - time) / DAY_MILLIS + 1;
        if (diffDays - lastDays <= 0 || diffDays < 0) {
            return 0;
        }
        return (now - lastDays * DAY_MILLIS - time) / partitionMillis + 1;
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        OptionalLong from = format.parseBound(low);
        OptionalLong to = format.parseBound(high);
        if (from.isEmpty() || to.isEmpty() || from.getAsLong() > to.getAsLong()) {
            return NodeSet.all(tableNodes);
        }
        long now = clock.millis();
        // Older dates have higher nodes; once a date is hot, every later one is too.
        long oldest = partition(from.getAsLong(), now);
        long newest = partition(to.getAsLong(), now);
        if (oldest > Integer.MAX_VALUE) {
            return NodeSet.all(tableNodes);       // beyond MyCat's int arithmetic: no telling where it wrapped
        }
        ReachableNodes nodes = new ReachableNodes(tableNodes);
        if (newest == 0) {
            nodes.add(0);
        }
        if (oldest > 0) {
            nodes.addSpan(newest == 0 ? 1 : newest, oldest);
        }
        return nodes.build();
    }

    @Override
    public String toString() {
        return "PartitionByHotDate[" + format + ", lastDays=" + lastDays + ", days=" + partitionMillis / DAY_MILLIS
                + "]";
    }
}
