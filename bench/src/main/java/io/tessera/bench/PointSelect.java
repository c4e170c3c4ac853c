package io.tessera.bench;

import java.util.random.RandomGenerator;

/** sysbench's oltp_point_select: {@code SELECT c FROM T WHERE id = ?}, ids uniform in 1..rows. */
final class PointSelect implements Workload {

    private final String sql;
    private final int rows;

    PointSelect(String table, int rows) {
        this.sql = "SELECT c FROM " + table + " WHERE id = ?";
        this.rows = rows;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public int[] arguments(RandomGenerator random) {
        return new int[] {1 + random.nextInt(rows)};
    }
}
