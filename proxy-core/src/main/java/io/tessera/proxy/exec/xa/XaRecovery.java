package io.tessera.proxy.exec.xa;

import io.netty.channel.EventLoopGroup;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.QueryResult;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Intent;
import io.tessera.proxy.session.ClientErrors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Finishes what a crash left prepared: asks every data host for its prepared branches ({@code XA RECOVER}) and,
 * for this Tessera instance's branches, commits those whose commit decision is in the {@link XaLog} and rolls back
 * those of an earlier run that never got one (presumed abort). Branches of this run without a decision may still
 * be in flight and are left alone, unless their coordinator gave up rolling them back ({@link #rollBackLater}). Runs
 * at start-up before clients are let in, and again every few seconds while a data host could not be reached or a
 * branch could not be committed or rolled back.
 */
public final class XaRecovery {

    private static final Logger LOG = LogManager.getLogger(XaRecovery.class);
    private static final long RETRY_SECONDS = 10;
    /** "XAER_NOTA: Unknown XID". */
    private static final int XAER_NOTA = 1397;

    /** A data host to ask, on its active write host, logged into one of its data nodes' databases. */
    public record Host(String name, DataHost host, String database) {
    }

    private final Supplier<List<Host>> hosts;
    private final XaLog log;
    private final Xids xids;
    private final EventLoopGroup timers;
    private final AtomicBoolean retryScheduled = new AtomicBoolean();
    /** Transactions of this run whose rollback failed on a data host: a branch may be left prepared, holding locks. */
    private final Set<String> toRollBack = ConcurrentHashMap.newKeySet();

    /** @param hosts the data hosts to ask, read anew for each pass (the configuration may have changed) */
    public XaRecovery(Supplier<List<Host>> hosts, XaLog log, Xids xids, EventLoopGroup timers) {
        this.hosts = hosts;
        this.log = log;
        this.xids = xids;
        this.timers = timers;
    }

    /**
     * A transaction of this run whose rollback could not be finished (its data host went away after it prepared):
     * the next passes roll its prepared branches back.
     */
    public void rollBackLater(String gtrid) {
        toRollBack.add(gtrid);
        retryLater();
    }

    /** One pass over every data host; completes with whether every host answered and every branch was settled. */
    public CompletableFuture<Boolean> recover() {
        List<String> decided = log.pending();
        Set<String> undone = Set.copyOf(toRollBack);
        List<CompletableFuture<Boolean>> passes = new ArrayList<>();
        Set<String> stillPrepared = Collections.synchronizedSet(new HashSet<>());
        for (Host host : hosts.get()) {
            passes.add(host.host().borrow(host.database(), false, null, Intent.WRITE)
                    .thenCompose(connection -> settle(host, connection, stillPrepared)
                            .whenComplete((ok, error) -> {
                                if (error == null) {
                                    connection.release();
                                } else {
                                    connection.close();
                                }
                            }))
                    .exceptionally(error -> {
                        LOG.warn("XA recovery: data host {} could not be asked ({}); trying again in {} s",
                                host.name(), rootMessage(error), RETRY_SECONDS);
                        return false;
                    }));
        }
        return CompletableFuture.allOf(passes.toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
            boolean complete = passes.stream().allMatch(CompletableFuture::join);
            List<CompletableFuture<Void>> done = new ArrayList<>();
            if (complete) {
                for (String gtrid : decided) {
                    if (!stillPrepared.contains(gtrid)) {
                        done.add(log.done(gtrid));
                    }
                }
                toRollBack.removeAll(undone);
            }
            return CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).thenApply(r -> complete);
        });
    }

    /** Runs {@link #recover} at start-up, waiting at most {@code seconds}; schedules retries if it fell short. */
    public void recoverAtStart(long seconds) {
        boolean complete;
        try {
            complete = recover().get(seconds, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warn("XA recovery at start-up did not finish: {}", rootMessage(e));
            complete = false;
        }
        if (!complete) {
            retryLater();
        }
    }

    /** Asks for another pass in a few seconds (one at a time), until a pass settles everything. */
    public void retryLater() {
        if (timers.isShuttingDown() || !retryScheduled.compareAndSet(false, true)) {
            return; // once Tessera stops, recovery at the next start settles what is left
        }
        timers.schedule(() -> {
            retryScheduled.set(false);
            recover().whenComplete((complete, error) -> {
                if (error != null || !complete) {
                    retryLater();
                }
            });
        }, RETRY_SECONDS, TimeUnit.SECONDS);
    }

    /** XA RECOVER on one host, then COMMIT or ROLLBACK of each of our branches, one after another. */
    private CompletableFuture<Boolean> settle(Host host, BackendConnection connection, Set<String> stillPrepared) {
        return connection.query("XA RECOVER").thenCompose(result -> {
            CompletableFuture<Boolean> chain = CompletableFuture.completedFuture(true);
            for (PreparedBranch branch : branches(result)) {
                if (!xids.isOurs(branch.gtrid())) {
                    continue;
                }
                boolean commit = log.isPending(branch.gtrid());
                if (!commit && xids.isThisRun(branch.gtrid()) && !toRollBack.contains(branch.gtrid())) {
                    continue; // in flight in this run: its coordinator decides
                }
                String sql = (commit ? "XA COMMIT " : "XA ROLLBACK ") + Xids.sql(branch.gtrid(), branch.bqual());
                chain = chain.thenCompose(ok -> connection.query(sql).handle((r, error) -> {
                    if (error != null && ClientErrors.toErr(error).errorCode() == XAER_NOTA) {
                        return ok; // another data host on the same server settled it first
                    }
                    if (error != null) {
                        LOG.warn("XA recovery on data host {}: {} failed: {}", host.name(), sql, rootMessage(error));
                        stillPrepared.add(branch.gtrid());
                        return false;
                    }
                    LOG.warn("XA recovery on data host {}: {}", host.name(), sql);
                    return ok;
                }));
            }
            return chain;
        });
    }

    private record PreparedBranch(String gtrid, String bqual) {
    }

    /** XA RECOVER's rows: formatID, gtrid_length, bqual_length, data (gtrid then bqual). */
    private static List<PreparedBranch> branches(QueryResult result) {
        List<PreparedBranch> branches = new ArrayList<>();
        for (List<String> row : result.rows()) {
            if (row.size() < 4 || row.get(3) == null || !String.valueOf(Xids.FORMAT_ID).equals(row.get(0))) {
                continue;
            }
            int gtridLength = Integer.parseInt(row.get(1));
            int bqualLength = Integer.parseInt(row.get(2));
            String data = row.get(3);
            if (data.length() >= gtridLength + bqualLength) {
                branches.add(new PreparedBranch(data.substring(0, gtridLength),
                        data.substring(gtridLength, gtridLength + bqualLength)));
            }
        }
        return branches;
    }

    private static String rootMessage(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage());
    }

    /** The data hosts to ask: each once, with the database of its first data node. */
    public static List<Host> hosts(Map<String, DataHost> dataHosts, Map<String, String> firstDatabaseByHost) {
        List<Host> hosts = new ArrayList<>();
        dataHosts.forEach((name, host) -> {
            String database = firstDatabaseByHost.get(name);
            if (database != null) {
                hosts.add(new Host(name, host, database));
            }
        });
        return hosts;
    }
}
