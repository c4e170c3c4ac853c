package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Clients that keep Tessera busy while a test changes it under them (swaps, reloads): each runs, in turn, a point
 * read, a transaction that moves a count between a row of each data node, a count merged from both, and an insert with
 * its delete, on table {@code t (id, n)} holding ids 1..rows with n summing to 0. Every failure is kept.
 */
final class BusyClients {

    private final List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong statements = new AtomicLong();
    private final ExecutorService threads;
    private final List<Future<?>> done = new ArrayList<>();

    private BusyClients(int count) {
        this.threads = Executors.newFixedThreadPool(count);
    }

    /** Starts {@code count} clients on {@code schema} and returns once each has connected. */
    static BusyClients start(RunningTessera tessera, String schema, int count, int rows) throws InterruptedException {
        BusyClients clients = new BusyClients(count);
        CountDownLatch started = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            int client = i;
            clients.done.add(clients.threads.submit(() -> clients.work(tessera, schema, client, rows, started)));
        }
        assertThat(started.await(30, TimeUnit.SECONDS)).as("clients connected").isTrue();
        return clients;
    }

    /** Stops the clients, waits for them, and returns the statements they ran. */
    long stop() throws Exception {
        running.set(false);
        for (Future<?> future : done) {
            future.get(60, TimeUnit.SECONDS);
        }
        threads.shutdown();
        return statements.get();
    }

    /** What went wrong, in any client. */
    List<Throwable> errors() {
        return errors;
    }

    private Void work(RunningTessera tessera, String schema, int client, int rows, CountDownLatch started) {
        try (Connection c = tessera.connect(schema);
                PreparedStatement read = c.prepareStatement("SELECT n FROM t WHERE id = ?")) {
            started.countDown();
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int newId = 100_000 + client * 100_000;
            while (running.get()) {
                read.setInt(1, 1 + random.nextInt(rows));
                try (ResultSet rs = read.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    int even = 2 * (1 + random.nextInt(rows / 2));
                    s.executeUpdate("UPDATE t SET n = n + 1 WHERE id = " + even);
                    s.executeUpdate("UPDATE t SET n = n - 1 WHERE id = " + (even - 1));
                    c.commit();
                    c.setAutoCommit(true);
                    try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t WHERE id <= " + rows)) {
                        rs.next();
                        assertThat(rs.getLong(1)).isEqualTo(rows);
                    }
                    newId++;
                    s.executeUpdate("INSERT INTO t (id, n) VALUES (" + newId + ", 0)");
                    s.executeUpdate("DELETE FROM t WHERE id = " + newId);
                }
                statements.addAndGet(7);
            }
        } catch (Throwable e) {
            errors.add(e);
        }
        return null;
    }
}
