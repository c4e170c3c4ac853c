package io.tessera.proxy.admin;

import io.tessera.admin.AdminActions;
import io.tessera.admin.ConfigReload;
import io.tessera.admin.DataSourceSwitch;
import io.tessera.admin.KilledConnections;
import io.tessera.admin.ReloadScope;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Server;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.proxy.cluster.Cluster;
import io.tessera.proxy.local.KillStatement;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.topology.ConfigReloader;
import io.tessera.proxy.topology.TopologyHolder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What the admin port's control commands do to the running proxy. Built: {@code kill @@connection}, which kills client
 * connections as KILL CONNECTION does, {@code offline}/{@code online}, which take the server out of service for
 * load balancers and put it back ({@link ClientConnections#online()}), {@code switch @@datasource},
 * {@code stop @@heartbeat}, and the reloads and rollback of the configuration ({@link ConfigReloader}); in cluster
 * mode a reload that took effect is pushed to the other nodes, and a rollback is refused.
 */
public final class ProxyAdminActions implements AdminActions {

    private static final Logger LOG = LogManager.getLogger(ProxyAdminActions.class);

    private final ClientConnections connections;
    private final TopologyHolder topologies;
    private final ConfigReloader reloader;
    private final Cluster cluster;

    /**
     * @param topologies the topology whose data nodes stop the killed connections' statements
     * @param reloader what reloads and rolls back the configuration
     * @param cluster where a reload that took effect is pushed, for the other nodes to load
     */
    public ProxyAdminActions(ClientConnections connections, TopologyHolder topologies, ConfigReloader reloader,
            Cluster cluster) {
        this.connections = connections;
        this.topologies = topologies;
        this.reloader = reloader;
        this.cluster = cluster;
    }

    @Override
    public CompletionStage<ConfigReload> reloadConfig(ReloadScope scope) {
        ConfigReloader.Scope what = switch (scope) {
            case USER -> ConfigReloader.Scope.USERS;
            case BASIC -> ConfigReloader.Scope.SCHEMAS;
            case ALL -> ConfigReloader.Scope.ALL;
        };
        return reloader.reload(what).thenCompose(done -> cluster.publish().thenApply(pushed -> {
            List<String> notes = new ArrayList<>(done.notes());
            pushed.ifPresent(version -> notes.add("pushed to the cluster as configuration version " + version
                    + ": every node loads it"));
            return new ConfigReload(scope, done.loadedMillis(), notes);
        }));
    }

    @Override
    public CompletionStage<ConfigReload> rollbackConfig() {
        if (cluster != Cluster.STANDALONE) {
            // the configuration rolled back to lives in this node's memory only: the others would not follow
            return CompletableFuture.failedStage(ErrorCode.UNKNOWN_ERROR.exception("rollback @@config is not"
                    + " available in cluster mode: put the configuration to return to in conf/ and run reload"
                    + " @@config_all, or push it with bin/tessera zk-push"));
        }
        return reloader.rollback().thenApply(done -> new ConfigReload(ReloadScope.ALL, done.loadedMillis(),
                done.notes()));
    }

    /**
     * Switches the data host of the topology in force ({@link DataHost#switchTo}); with no index, to the write host
     * after the active one, wrapping (MyCat's {@code next}). Fails with ERR 1105 saying why for an unknown data host,
     * an index of no write host, or a write host whose heartbeat failed.
     */
    @Override
    public CompletionStage<DataSourceSwitch> switchDataSource(String dataHost, OptionalInt index) {
        DataHost host = topologies.current().dataHosts().get(dataHost);
        if (host == null) {
            return CompletableFuture.failedStage(ErrorCode.UNKNOWN_ERROR.exception("switch @@datasource: unknown"
                    + " data host '" + dataHost + "'"));
        }
        int previous = host.activeWriteIndex();
        try {
            host.switchTo(index.orElse((previous + 1) % host.writeHosts().size()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            return CompletableFuture.failedStage(ErrorCode.UNKNOWN_ERROR.exception("switch @@datasource: "
                    + e.getMessage()));
        }
        return CompletableFuture.completedFuture(new DataSourceSwitch(dataHost, previous, host.activeWriteIndex()));
    }

    /**
     * Pauses the heartbeat of the data host's active write host, as MyCat's {@code StopHeartbeat} sets the recovery
     * time of its current source; the data host's read hosts keep their heartbeats, so reads still avoid a dead one.
     */
    @Override
    public CompletionStage<Boolean> pauseHeartbeat(String dataHost, long millis) {
        DataHost host = topologies.current().dataHosts().get(dataHost);
        if (host == null) {
            return CompletableFuture.completedFuture(false);
        }
        Server writeHost = host.writeHosts().get(host.activeWriteIndex());
        writeHost.pauseHeartbeat(System.currentTimeMillis() + millis);
        LOG.warn("{}: heartbeat of {} paused for {} s by stop @@heartbeat", dataHost, writeHost.describe(),
                millis / 1000);
        return CompletableFuture.completedFuture(true);
    }

    /**
     * Kills each open connection among {@code ids} ({@link KillStatement#killConnection}) and completes once all of
     * them are closed. A data node that could not kill a statement one of them was running does not fail the command:
     * the connection is closed all the same, and the warning names it.
     */
    @Override
    public CompletionStage<KilledConnections> killConnections(List<Long> ids) {
        KillStatement kills = null;
        List<Long> found = new ArrayList<>();
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (long id : new LinkedHashSet<>(ids)) {
            ClientChannel target = connections.get(id);
            if (target == null) {
                continue; // closed meanwhile, or never open: MyCat skips it too
            }
            found.add(id);
            if (kills == null) {
                kills = new KillStatement(connections, topologies.current().executor());
            }
            closing.add(kills.killConnection(target).exceptionally(error -> {
                LOG.warn("connection {}: closed by kill @@connection, but a data node may still run its statement: {}",
                        id, (error instanceof CompletionException && error.getCause() != null ? error.getCause()
                                : error).getMessage());
                return null;
            }));
        }
        KilledConnections killed = new KilledConnections(found);
        return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new)).thenApply(done -> killed);
    }

    @Override
    public CompletionStage<Void> offline() {
        connections.online(false);
        LOG.warn("offline: the admin port took the server out of service; clients' pings fail until online");
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> online() {
        connections.online(true);
        LOG.warn("online: the server is in service again");
        return CompletableFuture.completedFuture(null);
    }

}
