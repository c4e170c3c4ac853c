package io.tessera.proxy.exec;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.NANOSECONDS;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.host.ConnectionSource;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.LockWait;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Finds and breaks deadlocks whose lock waits run through several data hosts, which none of them can see: a client's
 * transaction is one InnoDB transaction per data node, so A holding a row on dn1 and waiting on dn2 while B holds dn2
 * and waits on dn1 would wait until {@code innodb_lock_wait_timeout}.
 *
 * <p>Nothing runs while no statement waits: a statement of a transaction (or one on several nodes, which runs in a
 * transaction of its own) that still runs on data nodes after {@code deadlockCheckPeriod} is reported by its
 * {@link LockWait}. From then on, every period until no reported statement waits (and at once for a new report,
 * {@value #MIN_LOOK_GAP_MILLIS} ms after the last look at the earliest), the detector takes each session's
 * connections on its own loop ({@link SessionLocks}), reads the lock waits of each server where a reported statement
 * runs ({@link LockWaits}, over a connection outside the pool, which the waiting sessions may hold whole), maps each
 * server thread to the session that owns it, and looks for cycles ({@link WaitForGraph}). Each cycle's victim, as
 * InnoDB picks one, is the transaction that changed the fewest rows, else the youngest: its waiting statement is
 * killed ({@code KILL QUERY}, again outside the pool) and its client gets 1213, its transaction rolled back on every
 * data node ({@link LockWait#answer}).
 */
public final class DeadlockDetector {

    private static final Logger LOG = LogManager.getLogger(DeadlockDetector.class);
    private static final int LOGGED_STATEMENT_CHARS = 200;
    /**
     * The shortest time between two looks: InnoDB refreshes what INNODB_TRX and the lock waits show only when they
     * have not been read for 100 ms, so reading them more often would read an old picture.
     */
    private static final long MIN_LOOK_GAP_MILLIS = 150;

    private final ClientConnections connections;
    private final EventLoop loop; // the detector's looks run here, one at a time
    private final DeadlockStats stats;
    private final Map<ClientChannel, Report> waiting = new ConcurrentHashMap<>();
    // on the loop: the look scheduled next (null while one runs, or none is due), whether one runs, when the last began
    private ScheduledFuture<?> nextLook;
    private boolean lookRunning;
    private long lastLookNanos;
    private final Set<String> unreadable = ConcurrentHashMap.newKeySet(); // servers whose last read failed, warned
    private volatile long periodNanos;

    /** A reported statement, and the data nodes of the topology it runs on. */
    private record Report(DataNodes nodes, long statement) {
    }

    public DeadlockDetector(ClientConnections connections, EventLoop loop, DeadlockStats stats) {
        this.connections = connections;
        this.loop = loop;
        this.stats = stats;
    }

    /** What the {@link LockWait}s of an executor over {@code nodes} report to. */
    LockWait.Detector reporter(DataNodes nodes, long periodNanos) {
        return client -> waiting(client, nodes, periodNanos);
    }

    /** On the client's loop: its statement has waited the period. */
    private void waiting(ClientChannel client, DataNodes nodes, long periodNanos) {
        this.periodNanos = periodNanos;
        waiting.put(client, new Report(nodes, client.lockWait().waiting()));
        loop.execute(this::lookSoon);
    }

    /**
     * On the loop: a new report is looked at now, or {@value #MIN_LOOK_GAP_MILLIS} ms after the last look began if
     * that is later, rather than a whole period after the last look; a look under way schedules the next itself.
     */
    private void lookSoon() {
        if (lookRunning) {
            return;
        }
        long due = Math.max(0, lastLookNanos + MILLISECONDS.toNanos(MIN_LOOK_GAP_MILLIS) - System.nanoTime());
        if (nextLook != null) {
            if (nextLook.getDelay(NANOSECONDS) <= due) {
                return;
            }
            nextLook.cancel(false);
        }
        nextLook = loop.schedule(this::look, due, NANOSECONDS);
    }

    private void look() {
        nextLook = null;
        lookRunning = true;
        lastLookNanos = System.nanoTime();
        CompletableFuture.completedFuture(connections).thenCompose(open -> SessionLocks.gather(open.snapshot()))
                .thenCompose(this::lookAt)
                .whenCompleteAsync((r, error) -> lookEnded(error), loop); // a failure too must end the look
    }

    /** On the loop: the next look comes a period on while a reported statement still waits, else with a report. */
    private void lookEnded(Throwable error) {
        if (error != null) {
            LOG.warn("deadlock detector: the look failed", error);
        }
        lookRunning = false;
        if (!waiting.isEmpty()) {
            nextLook = loop.schedule(this::look, periodNanos, NANOSECONDS);
        }
    }

    private CompletableFuture<Void> lookAt(List<SessionLocks> sessions) {
        Map<ClientChannel, SessionLocks> byClient = new HashMap<>();
        sessions.forEach(s -> byClient.put(s.client(), s));
        waiting.forEach((client, report) -> {
            SessionLocks now = byClient.get(client);
            if (now == null || now.statement() != report.statement()) {
                waiting.remove(client, report);
            }
        });
        Map<String, CompletableFuture<LockWaits>> reads = new LinkedHashMap<>();
        waiting.forEach((client, report) -> {
            SessionLocks session = byClient.get(client);
            if (session == null) {
                return; // reported after the sessions were taken: the next look has it
            }
            for (SessionLocks.Held held : session.held()) {
                if (held.running() && !reads.containsKey(held.server())) {
                    reads.put(held.server(), read(held, report.nodes()));
                }
            }
        });
        if (reads.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.allOf(reads.values().toArray(CompletableFuture[]::new))
                .thenAccept(all -> breakCycles(byClient, reads));
    }

    /** The lock waits of {@code held}'s server; {@code null} when they cannot be read (warned once). */
    private CompletableFuture<LockWaits> read(SessionLocks.Held held, DataNodes nodes) {
        String server = held.server();
        CompletableFuture<LockWaits> read;
        try {
            ConnectionSource host = nodes.get(held.dataNode()).host();
            read = host.connectBeside(held.backend()).thenCompose(connection -> LockWaits.read(connection)
                    .whenComplete((r, e) -> connection.release()));
        } catch (RuntimeException e) {
            read = CompletableFuture.failedFuture(e); // its data node left the configuration meanwhile
        }
        return read.handle((waits, error) -> {
            if (error == null) {
                unreadable.remove(server);
                return waits;
            }
            if (unreadable.add(server)) {
                LOG.warn("deadlock detector: cannot read the lock waits of {} (it needs the PROCESS privilege): {}",
                        held.backend().dataHost(), error.getMessage());
            }
            return null;
        });
    }

    private void breakCycles(Map<ClientChannel, SessionLocks> sessions,
            Map<String, CompletableFuture<LockWaits>> reads) {
        Map<String, ClientChannel> owners = new HashMap<>(); // "server#thread" to the session holding the thread
        sessions.values().forEach(s -> s.held().forEach(h ->
                owners.put(h.server() + "#" + h.backend().connectionId(), s.client())));
        WaitForGraph<ClientChannel> graph = new WaitForGraph<>();
        Map<ClientChannel, Long> rowsChanged = new HashMap<>();
        Map<ClientChannel, String> waitsOn = new HashMap<>(); // where each waits, "dn2 (127.0.0.1:3306)"
        reads.forEach((server, read) -> {
            LockWaits waits = read.join();
            if (waits == null) {
                return;
            }
            waits.rowsChanged().forEach((thread, rows) -> {
                ClientChannel owner = owners.get(server + "#" + thread);
                if (owner != null) {
                    rowsChanged.merge(owner, rows, Long::sum);
                }
            });
            waits.waits().forEach((thread, holders) -> {
                ClientChannel waiter = owners.get(server + "#" + thread);
                if (waiter == null) {
                    return;
                }
                holders.forEach(holder -> {
                    ClientChannel owner = owners.get(server + "#" + holder);
                    if (owner != null) {
                        graph.waits(waiter, owner);
                        waitsOn.putIfAbsent(waiter, nodeOf(sessions.get(waiter), server, thread));
                    }
                });
            });
        });
        for (List<ClientChannel> cycle : graph.cycles()) {
            breakCycle(cycle.stream().map(sessions::get).toList(), rowsChanged, waitsOn);
        }
    }

    private static String nodeOf(SessionLocks session, String server, long thread) {
        for (SessionLocks.Held held : session.held()) {
            if (held.server().equals(server) && held.backend().connectionId() == thread) {
                return held.dataNode();
            }
        }
        return server;
    }

    /**
     * Kills the waiting statement of the cycle's victim: of the members whose statement has waited the period, the
     * one whose transaction changed the fewest rows, else the youngest. A cycle one of whose members is
     * being killed already is left to that KILL.
     */
    private void breakCycle(List<SessionLocks> cycle, Map<ClientChannel, Long> rowsChanged,
            Map<ClientChannel, String> waitsOn) {
        if (cycle.stream().anyMatch(SessionLocks::victim)) {
            return;
        }
        SessionLocks victim = cycle.stream().filter(s -> s.statement() != 0 && waiting.containsKey(s.client()))
                .min(Comparator.<SessionLocks>comparingLong(s -> rowsChanged.getOrDefault(s.client(), 0L))
                        .thenComparing(Comparator.comparingLong(SessionLocks::transactionStarted).reversed()))
                .orElse(null);
        if (victim == null) {
            return; // no member has waited the period yet: once one has, the next look breaks the cycle
        }
        long detectMillis = NANOSECONDS.toMillis(cycle.stream().mapToLong(SessionLocks::waitedNanos).min()
                .orElse(0));
        stats.detected(detectMillis);
        LOG.warn("deadlock across data nodes, {} ms after its last wait began: {}; victim: connection {} ({} rows"
                + " changed), its statement is killed on {} and its transaction rolled back", detectMillis,
                describe(cycle, waitsOn), victim.connectionId(), rowsChanged.getOrDefault(victim.client(), 0L),
                waitsOn.get(victim.client()));
        DataNodes nodes = waiting.get(victim.client()).nodes();
        victim.client().channel().eventLoop().execute(() -> kill(victim, waitsOn.get(victim.client()), nodes));
    }

    /** On the victim's loop: kills its statement wherever it runs, if it still waits. */
    private void kill(SessionLocks victim, String dataNode, DataNodes nodes) {
        ClientChannel client = victim.client();
        if (!client.lockWait().victim(victim.statement(), dataNode)) {
            return; // it ended meanwhile: the cycle is gone
        }
        stats.victim();
        for (Map.Entry<BackendConnection, String> running : new ArrayList<>(client.session().running().entrySet())) {
            BackendConnection backend = running.getKey();
            KillFence.killQuery(backend, nodes.get(running.getValue()).host().connectBeside(backend))
                    .whenComplete((r, error) -> {
                        if (error != null) {
                            LOG.warn("connection {}: KILL QUERY of a deadlock's victim on data node {} failed: {}",
                                    victim.connectionId(), running.getValue(), error.toString());
                        }
                    });
        }
    }

    private static String describe(List<SessionLocks> cycle, Map<ClientChannel, String> waitsOn) {
        return cycle.stream().map(s -> "connection " + s.connectionId() + " waits on " + waitsOn.get(s.client())
                + " running `" + shortened(s.sql()) + "`").collect(Collectors.joining("; "));
    }

    private static String shortened(String sql) {
        if (sql == null) {
            return "";
        }
        return sql.length() <= LOGGED_STATEMENT_CHARS ? sql : sql.substring(0, LOGGED_STATEMENT_CHARS) + "...";
    }
}
