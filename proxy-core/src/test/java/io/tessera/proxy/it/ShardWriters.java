package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Client threads that insert rows with unique ids into table {@code writes (id)}, sharded by id mod 2, each on a
 * Connector/J connection of its own, and record what Tessera answered to each: most insert one row at a time with
 * autocommit on, alternating even and odd ids; every fourth runs transactions that insert one even and one odd id
 * (the first alternating between them) and commit. Every wait is bounded by the driver's socket timeout.
 */
final class ShardWriters {

    /** How long any one statement may take before the driver gives up on it. */
    static final int SOCKET_TIMEOUT_MILLIS = 20_000;
    private static final long ID_SPACE = 10_000_000L;

    /** An autocommit INSERT of {@code id}, sent and answered then ({@link System#nanoTime}), with its ERR if any. */
    record Insert(long id, long sentNanos, long answeredNanos, SQLException error) {
    }

    /**
     * A transaction that inserted {@code first}, then {@code second}: {@code error} if any of it failed,
     * {@code atCommit} if that was at COMMIT.
     */
    record Pair(long first, long second, long answeredNanos, SQLException error, boolean atCommit) {
    }

    private final Queue<Insert> inserts = new ConcurrentLinkedQueue<>();
    private final Queue<Pair> pairs = new ConcurrentLinkedQueue<>();
    /** Failures that are not a statement's ERR: a broken client connection, a timeout, a bug here. */
    private final Queue<Throwable> broken = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();

    private ShardWriters() {
    }

    /** Connects {@code clients} clients to {@code jdbcUrl} and starts them. */
    static ShardWriters start(String jdbcUrl, int clients) throws SQLException {
        ShardWriters writers = new ShardWriters();
        String url = jdbcUrl + "?socketTimeout=" + SOCKET_TIMEOUT_MILLIS + "&connectTimeout=5000";
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            connections.add(DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD));
        }
        for (int i = 0; i < clients; i++) {
            Connection connection = connections.get(i);
            long firstId = (i + 1) * ID_SPACE; // even
            boolean transactions = i % 4 == 3;
            Thread thread = new Thread(() -> writers.run(connection, firstId, transactions), "writer-" + i);
            writers.threads.add(thread);
            thread.start();
        }
        return writers;
    }

    /** Stops the clients; returns the ones that did not end within {@code timeoutMillis} in all (none if fine). */
    List<String> stop(long timeoutMillis) throws InterruptedException {
        running.set(false);
        long deadline = System.currentTimeMillis() + timeoutMillis;
        List<String> hung = new ArrayList<>();
        for (Thread thread : threads) {
            thread.join(Math.max(1, deadline - System.currentTimeMillis()));
            if (thread.isAlive()) {
                hung.add(thread.getName());
            }
        }
        return hung;
    }

    Queue<Insert> inserts() {
        return inserts;
    }

    Queue<Pair> pairs() {
        return pairs;
    }

    Queue<Throwable> broken() {
        return broken;
    }

    private void run(Connection connection, long firstId, boolean transactions) {
        try (connection; Statement s = connection.createStatement()) {
            long next = firstId;
            while (running.get()) {
                if (transactions) {
                    long even = next;
                    boolean oddFirst = (next / 2) % 2 == 1;
                    pairs.add(pair(connection, s, oddFirst ? even + 1 : even, oddFirst ? even : even + 1));
                    next += 2;
                } else {
                    inserts.add(insert(s, next));
                    next++;
                }
            }
        } catch (Throwable e) {
            broken.add(e);
        }
    }

    private static Insert insert(Statement s, long id) throws SQLException {
        long sent = System.nanoTime();
        try {
            s.executeUpdate(insertSql(id));
            return new Insert(id, sent, System.nanoTime(), null);
        } catch (SQLException e) {
            return new Insert(id, sent, System.nanoTime(), requireErr(e));
        }
    }

    private static Pair pair(Connection c, Statement s, long first, long second) throws SQLException {
        c.setAutoCommit(false);
        try {
            s.executeUpdate(insertSql(first));
            s.executeUpdate(insertSql(second));
        } catch (SQLException e) {
            c.rollback(); // Tessera has rolled back the other node's part already: this only ends the transaction
            c.setAutoCommit(true);
            return new Pair(first, second, System.nanoTime(), requireErr(e), false);
        }
        try {
            c.commit();
            return new Pair(first, second, System.nanoTime(), null, false);
        } catch (SQLException e) {
            return new Pair(first, second, System.nanoTime(), requireErr(e), true);
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** {@code e} if it is a server's ERR; a driver's own failure (a timeout, a lost connection) stops the client. */
    private static SQLException requireErr(SQLException e) throws SQLException {
        if (e.getErrorCode() == 0) {
            throw e;
        }
        return e;
    }

    private static String insertSql(long id) {
        return "INSERT INTO writes (id) VALUES (" + id + ")";
    }
}
