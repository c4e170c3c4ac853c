package io.tessera.proxy.it;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * A client reading a streamed result ({@code setFetchSize(Integer.MIN_VALUE)}) at a pace the test sets: 100 rows
 * every 10 ms at first (about 10 MB/s of 1,000-byte rows), none once {@link #stop stopped}, as fast as it can once
 * {@link #resume resumed}. Its call returns the rows read, or throws what the driver threw.
 */
final class SlowReader implements Callable<Long> {

    private static final int ROWS_PER_TRICKLE = 100;
    private static final long TRICKLE_PAUSE_MILLIS = 10;

    private final Statement statement;
    private final String sql;
    private volatile boolean stopped;
    private volatile boolean resumed;
    private volatile long rows;
    private volatile long idSum;
    private volatile String lastColumnOfFirstRow;

    SlowReader(Statement statement, String sql) {
        this.statement = statement;
        this.sql = sql;
    }

    @Override
    public Long call() throws Exception {
        try (ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                idSum += rs.getLong(1);
                if (++rows == 1) {
                    lastColumnOfFirstRow = rs.getString(rs.getMetaData().getColumnCount());
                }
                if (resumed) {
                    continue;
                }
                if (rows % ROWS_PER_TRICKLE == 0) {
                    Thread.sleep(TRICKLE_PAUSE_MILLIS);
                }
                while (stopped && !resumed) {
                    Thread.sleep(TRICKLE_PAUSE_MILLIS);
                }
            }
        }
        return rows;
    }

    /** Returns once {@code count} rows are read; fails after 30 s. */
    void awaitRows(long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (rows < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("read " + rows + " rows of " + count + " within 30 s");
            }
            Thread.sleep(10);
        }
    }

    /** Stops reading: after the row in hand, the client takes nothing more from its socket. */
    void stop() {
        stopped = true;
    }

    /** Reads the rest at full speed. */
    void resume() {
        resumed = true;
    }

    /** The last column of the first row read, or {@code null} before it. */
    String lastColumnOfFirstRow() {
        return lastColumnOfFirstRow;
    }

    long rows() {
        return rows;
    }

    /** The sum of the first column over the rows read. */
    long idSum() {
        return idSum;
    }
}
