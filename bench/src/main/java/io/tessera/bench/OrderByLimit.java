package io.tessera.bench;

import java.util.random.RandomGenerator;

/**
 * The top {@value #LIMIT} rows of a random window of k: {@code SELECT id, k, pad FROM T WHERE k BETWEEN ? AND ?
 * ORDER BY k DESC, id LIMIT 20}. Through Tessera on a table sharded over several nodes, every node answers and
 * Tessera merges their ordered streams. bench/merge-setup.sql makes k a permutation of 0..rows-1, so a window of
 * {@value #WINDOW} values holds that many rows, spread over all nodes, and each node's index on k hands over only
 * its first {@value #LIMIT}.
 */
final class OrderByLimit implements Workload {

    static final int WINDOW = 1_000;
    static final int LIMIT = 20;

    private final String sql;
    private final int rows;

    OrderByLimit(String table, int rows) {
        this.sql = "SELECT id, k, pad FROM " + table + " WHERE k BETWEEN ? AND ? ORDER BY k DESC, id LIMIT " + LIMIT;
        this.rows = rows;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public int[] arguments(RandomGenerator random) {
        int width = Math.min(WINDOW, rows);
        int low = random.nextInt(rows - width + 1);
        return new int[] {low, low + width - 1};
    }
}
