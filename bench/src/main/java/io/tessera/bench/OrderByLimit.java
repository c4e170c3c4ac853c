package io.tessera.bench;

import java.sql.PreparedStatement;
import java.util.List;

/**
 * The top {@value #LIMIT} rows of a random window of k: {@code SELECT id, k, pad FROM T WHERE k BETWEEN ? AND ?
 * ORDER BY k DESC, id LIMIT 20}. Through Tessera on a table sharded over several nodes, every node answers and
 * Tessera merges their ordered streams. Its table comes from bench/merge-setup.sql, not {@code --prepare}: k is a
 * permutation of 0..rows-1, so a window of {@value #WINDOW} values holds that many rows, spread over all nodes, and
 * each node's index on k hands over only its first {@value #LIMIT}.
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
    public List<String> createTable() {
        throw new IllegalArgumentException("--prepare: order-by-limit reads the table of bench/merge-setup.sql;"
                + " run that script instead");
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            int width = Math.min(WINDOW, rows);
            int low = random.nextInt(rows - width + 1);
            try (PreparedStatement select = connection.prepareStatement(sql)) {
                select.setInt(1, low);
                select.setInt(2, low + width - 1);
                Rows.drain(select.executeQuery());
            }
            return true;
        };
    }
}
