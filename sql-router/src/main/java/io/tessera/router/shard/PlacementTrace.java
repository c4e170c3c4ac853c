package io.tessera.router.shard;

import io.tessera.router.function.NodeSet;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ShardingRule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one planning read of the statement's values: each value it took from a literal ({@link Literals#valueOf}) and
 * each placement it asked of a sharding function, with the answer. The statement-shape cache learns from it which
 * literals a plan depends on, and how: a plan is a function of its statement's shape, of the literals read in no
 * placement, and of the placements' answers only.
 *
 * <p>The trace is the current thread's while it is open: planning runs on one thread from start to end, and handing
 * a recorder to every place that reads a value would widen a dozen signatures for what only learning needs. Nothing
 * is recorded while no trace is open (one thread-local read per value).
 */
public final class PlacementTrace {

    private static final ThreadLocal<PlacementTrace> CURRENT = new ThreadLocal<>();

    /**
     * A placement the router asked for: one value ({@code col = v}, an IN item) or a range ({@code BETWEEN}, a lower
     * and an upper bound), and the answer: the node index ({@code -1} for every node), or the range's nodes.
     */
    public record Placed(ShardingRule rule, int tableNodes, List<SqlValue> values, Object answer) {

        /** The answer the same placement gives for other values, in the same order. */
        public Object answerFor(List<SqlValue> others) {
            return others.size() == 1 ? (Object) Placement.readNode(rule, others.get(0), tableNodes)
                    : Placement.readRange(rule, others.get(0), others.get(1), tableNodes);
        }
    }

    private final List<SqlValue> reads = new ArrayList<>();
    private final List<Placed> placed = new ArrayList<>();
    private boolean placedRows;

    private PlacementTrace() {
    }

    /** Opens a trace on this thread; {@link #close} it in a {@code finally}. */
    public static PlacementTrace open() {
        PlacementTrace trace = new PlacementTrace();
        CURRENT.set(trace);
        return trace;
    }

    public void close() {
        CURRENT.remove();
    }

    /** Each value read from a literal expression (the router may read a copy of the statement's tree). */
    public List<SqlValue> reads() {
        return Collections.unmodifiableList(reads);
    }

    public List<Placed> placed() {
        return placed;
    }

    /** Whether rows were placed (an INSERT's): such a plan depends on its values in ways no placement tells. */
    public boolean placedRows() {
        return placedRows;
    }

    static void read(SqlValue value) {
        PlacementTrace trace = CURRENT.get();
        if (trace != null && value != null) {
            trace.reads.add(value);
        }
    }

    static void point(ShardingRule rule, int tableNodes, SqlValue value, int node) {
        PlacementTrace trace = CURRENT.get();
        if (trace != null) {
            trace.placed.add(new Placed(rule, tableNodes, List.of(value), node));
        }
    }

    static void range(ShardingRule rule, int tableNodes, SqlValue low, SqlValue high, NodeSet nodes) {
        PlacementTrace trace = CURRENT.get();
        if (trace != null) {
            trace.placed.add(new Placed(rule, tableNodes, List.of(low, high), nodes));
        }
    }

    static void row() {
        PlacementTrace trace = CURRENT.get();
        if (trace != null) {
            trace.placedRows = true;
        }
    }
}
