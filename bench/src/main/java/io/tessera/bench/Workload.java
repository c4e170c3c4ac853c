package io.tessera.bench;

import java.util.random.RandomGenerator;

/**
 * One kind of query that a run repeats: its SQL with {@code ?} placeholders, prepared once per connection, and the
 * placeholder values of each execution. Connector/J prepares on the client unless the URL says
 * {@code useServerPrepStmts=true}, so each execution reaches the server as a text-protocol query.
 */
interface Workload {

    /** The statement, with {@code ?} for each value that {@link #arguments} draws. */
    String sql();

    /** The values of the placeholders for one execution, in order. */
    int[] arguments(RandomGenerator random);

    static Workload of(BenchOptions options) {
        return switch (options.workload()) {
            case POINT_SELECT -> new PointSelect(options.table(), options.rows());
            case ORDER_BY_LIMIT -> new OrderByLimit(options.table(), options.rows());
        };
    }
}
