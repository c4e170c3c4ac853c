package io.tessera.proxy.topology;

import io.tessera.backend.BackendConnection;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * MyCat's {@code reload @@config}, {@code reload @@config_all}, {@code reload @@user} and {@code rollback @@config}
 * on a running Tessera: reads {@code conf/} again, checks it whole, builds the new topology completely (new data
 * hosts started, and each reached once), and only then swaps it in ({@link TopologyHolder#swap}): commands running
 * finish on the old topology, whose data hosts that the new one does not share drain and close. On any problem the
 * configuration in force stays, and the reload fails with every problem found, each naming its file and element.
 *
 * <p>server.xml's {@code <system>} (ports, processors, limits) stays as the server started with it: a change there
 * takes a restart, and the reload says so. One reload runs at a time; a second waits for the first.
 */
public final class ConfigReloader {

    private static final Logger LOG = LogManager.getLogger(ConfigReloader.class);
    /** How long a new data host's active write host has to accept a connection before the reload gives up. */
    private static final long REACH_TIMEOUT_SECONDS = 10;

    /** What a reload takes from {@code conf/}; the rest stays as it runs. */
    public enum Scope {
        /** {@code reload @@user}: server.xml's users and firewall. */
        USERS,
        /** {@code reload @@config}: users, firewall, schemas and rules; data nodes and data hosts stay. */
        SCHEMAS,
        /** {@code reload @@config_all}: everything but {@code <system>}, data nodes and data hosts too. */
        ALL
    }

    /** A reload that took effect, and what it left as it was. */
    public record Outcome(TesseraConfig config, long loadedMillis, List<String> notes) {

        public Outcome {
            notes = List.copyOf(notes);
        }
    }

    private final Path confDir;
    private final TopologyBuilder builder;
    private final TopologyHolder topologies;
    private final Executor blocking;
    private final Consumer<TesseraConfig> installed;
    private final Clock clock;

    private CompletableFuture<?> last = CompletableFuture.completedFuture(null); // guarded by this
    private TesseraConfig beforeLastReload; // guarded by this
    private volatile long loadedMillis;
    private volatile long rolledBackMillis = -1;

    /**
     * @param blocking where files are read (never an event loop)
     * @param installed told each configuration that took effect, after the swap (e.g. the admin port's users)
     * @param startedMillis when the configuration in force at start was loaded
     */
    public ConfigReloader(Path confDir, TopologyBuilder builder, TopologyHolder topologies, Executor blocking,
            Consumer<TesseraConfig> installed, Clock clock, long startedMillis) {
        this.confDir = confDir;
        this.builder = builder;
        this.topologies = topologies;
        this.blocking = blocking;
        this.installed = installed;
        this.clock = clock;
        this.loadedMillis = startedMillis;
    }

    /** When the configuration in force was loaded: at start, or by the last reload or rollback. */
    public long loadedMillis() {
        return loadedMillis;
    }

    /** When the configuration was last rolled back, or -1 if it never was. */
    public long rolledBackMillis() {
        return rolledBackMillis;
    }

    /**
     * Reloads {@code scope} from {@code conf/}; fails with ERR 1105 listing what is wrong, the configuration in force
     * kept.
     */
    public CompletableFuture<Outcome> reload(Scope scope) {
        return queued(() -> CompletableFuture.supplyAsync(() -> ConfigLoader.load(confDir), blocking)
                .thenCompose(loaded -> {
                    TesseraConfig running = topologies.current().config();
                    List<String> notes = new ArrayList<>();
                    TesseraConfig next = ConfigMerge.merge(scope, running, loaded, notes);
                    return install(next, running, notes, false);
                }), "reload");
    }

    /**
     * Goes back to the configuration in force before the last reload (MyCat's {@code rollback @@config}, once per
     * reload); fails with ERR 1105 when there is none.
     */
    public CompletableFuture<Outcome> rollback() {
        return queued(() -> {
            TesseraConfig previous;
            synchronized (this) {
                previous = beforeLastReload;
            }
            if (previous == null) {
                return CompletableFuture.failedFuture(ErrorCode.UNKNOWN_ERROR.exception(
                        "rollback @@config: no reload to roll back since the start or the last rollback"));
            }
            return install(previous, topologies.current().config(), List.of(), true);
        }, "rollback");
    }

    private synchronized CompletableFuture<Outcome> queued(Supplier<CompletableFuture<Outcome>> work, String what) {
        CompletableFuture<Outcome> result = last.handle((ignored, error) -> null).thenCompose(v -> work.get())
                .handle((outcome, error) -> {
                    if (error != null) {
                        throw new CompletionException(failure(what, error));
                    }
                    return outcome;
                });
        last = result;
        return result;
    }

    private CompletableFuture<Outcome> install(TesseraConfig next, TesseraConfig running, List<String> notes,
            boolean rollingBack) {
        Topology current = topologies.current();
        return builder.build(next, current).thenCompose(topology -> reachNewDataHosts(topology, current)
                .handle((reached, error) -> {
                    if (error != null) {
                        closeNewDataHosts(topology, current);
                        throw error instanceof CompletionException c ? c : new CompletionException(error);
                    }
                    topologies.swap(topology);
                    long now = clock.millis();
                    synchronized (this) {
                        beforeLastReload = rollingBack ? null : running;
                    }
                    loadedMillis = now;
                    if (rollingBack) {
                        rolledBackMillis = now;
                    }
                    installed.accept(next);
                    notes.forEach(note -> LOG.warn("{}: {}", rollingBack ? "rollback @@config" : "reload", note));
                    return new Outcome(next, now, notes);
                }));
    }

    /** Borrows and returns one connection of each data host the new topology does not share with the old one. */
    private static CompletableFuture<Void> reachNewDataHosts(Topology next, Topology current) {
        List<CompletableFuture<Void>> reached = new ArrayList<>();
        for (DataHost host : newDataHosts(next, current)) {
            reached.add(host.borrow(null, false, null, Intent.WRITE)
                    .orTimeout(REACH_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .thenAccept(BackendConnection::release)
                    .exceptionally(error -> {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        throw new CompletionException(ErrorCode.UNKNOWN_ERROR.exception("data host " + host.name()
                                + ": cannot reach its writeHost " + host.serverFor(Intent.WRITE).name() + ": "
                                + cause.getMessage()));
                    }));
        }
        return CompletableFuture.allOf(reached.toArray(CompletableFuture[]::new));
    }

    private static void closeNewDataHosts(Topology next, Topology current) {
        newDataHosts(next, current).forEach(DataHost::close);
    }

    private static List<DataHost> newDataHosts(Topology next, Topology current) {
        Set<DataHost> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        shared.addAll(current.dataHosts().values());
        return next.dataHosts().values().stream().filter(host -> !shared.contains(host)).toList();
    }

    /** ERR 1105 saying what failed and that the configuration in force stays. */
    private static TesseraException failure(String what, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        String reason = cause instanceof ConfigException config ? String.join("; ", config.problems())
                : cause.getMessage();
        return ErrorCode.UNKNOWN_ERROR.exception(what + " failed, the configuration in force stays: " + reason);
    }
}
