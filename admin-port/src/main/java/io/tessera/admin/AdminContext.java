package io.tessera.admin;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * What the admin port can see of the running server. {@code proxy-core} implements it over its live state and
 * hands it to {@link io.tessera.admin.server.AdminServer#bind}; every method is called on an admin connection's
 * event loop, once per command, so each must be cheap and must not block (no I/O, no waiting for locks held across
 * I/O).
 *
 * <p>Lists may come in any order: each command sorts its rows itself (names with a numeric suffix compare by
 * number, so {@code dn2} comes before {@code dn10}), so output is deterministic whatever the implementation.
 * Times are epoch milliseconds unless a method says otherwise.
 */
public interface AdminContext {

    /**
     * The server version string, exactly as the 8066 handshake sends it, e.g. {@code 8.0.36-Tessera-0.1.0}. The admin
     * handshake sends it too, and {@code show @@version} reports it.
     */
    String version();

    /** When the server started, in epoch milliseconds: {@code show @@time.startup}, and the base of UPTIME. */
    long startupMillis();

    /**
     * The source of "now" for {@code show @@time.current}, UPTIME, ALIVE_TIME(S), RECOVERY_TIME, and the time zone that
     * {@code show @@heartbeat}'s LAST_ACTIVE_TIME is printed in. Default: the system clock in the JVM's default zone,
     * which is what production should use; tests pass a fixed clock.
     */
    default Clock clock() {
        return Clock.systemDefaultZone();
    }

    /**
     * When the configuration now in force was loaded, in epoch milliseconds ({@code show @@server} RELOAD_TIME):
     * the start-up time until the first successful {@code reload @@config}. Default: {@link #startupMillis()}, right
     * until reload exists.
     */
    default long reloadMillis() {
        return startupMillis();
    }

    /**
     * When the configuration was last rolled back, in epoch milliseconds ({@code show @@server} ROLLBACK_TIME), or -1
     * if it never was (MyCat's value). Default: -1, right until rollback exists.
     */
    default long rollbackMillis() {
        return -1;
    }

    /**
     * Whether the server is in service ({@code show @@server} STATUS {@code ON}) or was taken out of service with
     * MyCat's {@code offline} command ({@link AdminActions#offline()}; {@code OFF}). Default: true, for a server that
     * cannot be taken offline.
     */
    default boolean online() {
        return true;
    }

    /** Every logical schema of schema.xml with the data nodes its tables use. */
    List<SchemaView> schemas();

    /** Every data node of schema.xml ({@code <dataNode>}). */
    List<DataNodeView> dataNodes();

    /** Every data host of schema.xml ({@code <dataHost>}). */
    List<DataHostView> dataHosts();

    /**
     * The thread pools {@code show @@threadpool} reports, in the order it shows them. MyCat shows {@code Timer} then
     * {@code BusinessExecutor}; Tessera's equivalents are the scheduler and the business executor of DESIGN.md.
     */
    List<ThreadPoolView> threadPools();

    /** The client connections of the 8066 port, logged in or not (not the admin port's own connections). */
    List<ConnectionView> connections();

    /**
     * The connections Tessera holds open to the data hosts' servers now, lent or idle ({@code show @@backend}). Read
     * without waiting for their event loops, so a counter may lag the traffic of the last moment.
     */
    List<BackendConnectionView> backends();

    /** Each event loop (processor) that serves 8066 clients, with its traffic and load ({@code show @@processor}). */
    List<ProcessorView> processors();

    /**
     * The client sessions that hold backend connections now, read on each session's own event loop (so the answer
     * comes later, never blocking the caller); sessions that hold none are left out, as MyCat does.
     */
    CompletionStage<List<SessionView>> sessions();

    /** server.xml's {@code <whitehost>} entries in document order; empty when there is no white list. */
    List<WhiteHostView> whiteHosts();

    /** The {@code <system>} settings in force that {@code show @@sysparam} reports, in MyCat's order. */
    List<SystemParameterView> systemParameters();

    /**
     * The last {@code limit} entries of the server's log file, newest first ({@code show @@syslog limit=n}); read off
     * the event loop, as reading a file may block. Empty when the server logs to no file.
     */
    CompletionStage<List<LogEntry>> systemLog(int limit);

    /** The protocol commands each processor (event loop) of the 8066 port dispatched ({@code show @@command}). */
    List<CommandCounts> commandCounts();

    /** What parsing and routing cost on each processor (event loop) of the 8066 port ({@code show @@parser}). */
    List<RoutingCounts> routingCounts();

    /** The plans the route cache holds now ({@code show @@parser}'s CACHE_SIZE). */
    long routeCacheSize();

    /** The caches of the configuration in force ({@code show @@cache}), in the order to show them. */
    List<CacheCounts> caches();

    /** The nodes of this node's cluster ({@code show @@cluster}); empty when it runs on its own. */
    default List<ClusterNodeView> clusterNodes() {
        return List.of();
    }

    /** What the deadlock detector has found ({@code show @@deadlock}). */
    DeadlockView deadlocks();

    /**
     * The SQL statistics and their switches ({@code show @@sql...}, {@code reload @@sqlstat},
     * {@code reload @@sqlslow}).
     */
    SqlStatsView sqlStats();
}
