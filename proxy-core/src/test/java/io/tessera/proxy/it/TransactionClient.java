package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A client that runs transactions through Tessera on table {@code acct (id, v)} of schema KILLDB, sharded by id mod
 * 2, until its first failure: transaction n of client c inserts rows id = 2 (10,000 c + n) and id + 1, one on each
 * data node, adds one to its counters {@code counters + 2c} and {@code + 1}, one statement each (an IN list would
 * reach both nodes and lock the gap where the other node's id is missing, which blocks inserts there), and commits.
 * It sorts its transactions by what it saw: {@link #committed} (COMMIT answered OK), {@link #inDoubt} (COMMIT sent,
 * no answer) and {@link #unsent} (failed before COMMIT was sent); each by its first id.
 */
final class TransactionClient implements Callable<Void> {

    private static final int PER_CLIENT = 10_000;

    private final RunningTessera tessera;
    private final int number;
    private final long counters;
    private final List<Long> committed = new ArrayList<>();
    private final List<Long> inDoubt = new ArrayList<>();
    private final List<Long> unsent = new ArrayList<>();
    private SQLException failure;

    TransactionClient(RunningTessera tessera, int number, long counters) {
        this.tessera = tessera;
        this.number = number;
        this.counters = counters;
    }

    @Override
    public Void call() throws SQLException {
        Connection c = tessera.connect("KILLDB");
        try (Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (int n = 0; n < PER_CLIENT; n++) {
                long id = 2L * (PER_CLIENT * number + n);
                try {
                    s.executeUpdate("INSERT INTO acct VALUES (" + id + ", 0), (" + (id + 1) + ", 0)");
                    for (long counter = counters + 2L * number; counter < counters + 2L * number + 2; counter++) {
                        s.executeUpdate("UPDATE acct SET v = v + 1 WHERE id = " + counter);
                    }
                } catch (SQLException e) {
                    unsent.add(id);
                    failure = e;
                    return null;
                }
                try {
                    c.commit();
                } catch (SQLException e) {
                    inDoubt.add(id);
                    failure = e;
                    return null;
                }
                committed.add(id);
            }
        } finally {
            c.abort(Runnable::run); // close() would roll back, over a connection that may be gone
        }
        return null;
    }

    /** What ended it, or {@code null} when it ran all its transactions. */
    SQLException failure() {
        return failure;
    }

    int number() {
        return number;
    }

    /** Read these once {@link #call} has returned. */
    List<Long> committed() {
        return committed;
    }

    List<Long> inDoubt() {
        return inDoubt;
    }

    List<Long> unsent() {
        return unsent;
    }
}
