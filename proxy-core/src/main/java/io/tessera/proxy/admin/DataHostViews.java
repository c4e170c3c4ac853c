package io.tessera.proxy.admin;

import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatSample;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.admin.PoolStats;
import io.tessera.admin.ReplicaStatusView;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Server;
import io.tessera.proxy.config.DataHostConfig;
import io.tessera.proxy.config.ReadHostConfig;
import io.tessera.proxy.config.WriteHostConfig;
import io.tessera.proxy.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The data hosts of a topology as the admin port and the metrics endpoint see them: every server of each data host
 * shows its own pool (a JDBC server's ACTIVE and IDLE as HikariCP counts them), heartbeat and replication, and counts
 * the statements it served. Each call reads the live objects anew; nothing blocks.
 */
public final class DataHostViews {

    private DataHostViews() {
    }

    /**
     * The data hosts of {@code topology} with their servers' live pools and heartbeats: what {@code show @@datasource}
     * and {@code show @@heartbeat} read, and the metrics endpoint too.
     */
    public static List<DataHostView> of(Topology topology) {
        List<DataHostView> views = new ArrayList<>();
        for (DataHostConfig host : topology.config().dataHosts().values()) {
            DataHost dataHost = topology.dataHosts().get(host.name());
            List<DataSourceView> list = sources(host, dataHost);
            int activeWriteIndex = dataHost == null ? 0 : dataHost.activeWriteIndex();
            views.add(new DataHostView() {
                @Override
                public String name() {
                    return host.name();
                }

                @Override
                public int activeWriteIndex() {
                    return activeWriteIndex;
                }

                @Override
                public List<DataSourceView> dataSources() {
                    return list;
                }
            });
        }
        return views;
    }

    /**
     * Every server of a data host in schema.xml order, as configured (HOST and PORT as written), each with its pool
     * and heartbeat when Tessera reaches the data host ({@code dataHost} not null).
     */
    private static List<DataSourceView> sources(DataHostConfig host, DataHost dataHost) {
        List<DataSourceView> sources = new ArrayList<>();
        for (WriteHostConfig write : host.writeHosts()) {
            sources.add(source(host, dataHost, sources.size(), write.host(), write.hostName(), write.port(), false));
            for (ReadHostConfig read : write.readHosts()) {
                sources.add(source(host, dataHost, sources.size(), read.host(), read.hostName(), read.port(), true));
            }
        }
        return List.copyOf(sources);
    }

    /** The {@code index}-th server of a data host. */
    private static Source source(DataHostConfig host, DataHost dataHost, int index, String name, String address,
            int port, boolean readHost) {
        Server server = dataHost == null ? null : dataHost.servers().get(index);
        return new Source(name, address, port, host.dbType(), readHost, server, host);
    }

    /**
     * One physical source: a server with its pool, heartbeat and counts, or ({@code server} null) one of a data host
     * Tessera does not reach.
     */
    private record Source(String name, String host, int port, String dbType, boolean isReadHost, Server server,
            DataHostConfig config) implements DataSourceView {

        @Override
        public PoolStats poolStats() {
            if (server == null) {
                return new PoolStats(0, 0, config.maxCon(), config.minCon(), 0, 0, 0);
            }
            io.tessera.backend.pool.PoolStats s = server.pool().stats();
            return new PoolStats(s.active(), s.idle(), s.maxCon(), s.minCon(), s.executeCount(), server.readCount(),
                    server.writeCount());
        }

        @Override
        public HeartbeatStatus heartbeat() {
            if (server == null) {
                return new HeartbeatStatus(HeartbeatStatus.INIT, 0, false, 0, 0, 0, 0, 0, 0, true);
            }
            io.tessera.backend.health.HeartbeatStatus h = server.heartbeat();
            long pausedUntil = server.heartbeatPausedUntil();
            return new HeartbeatStatus(h.status().code(), h.errorCount(), h.checking(), h.timeoutMillis(),
                    h.meanMillis1m(), h.meanMillis10m(), h.meanMillis30m(), h.lastOkMillis(), pausedUntil,
                    !server.hasHeartbeat() || pausedUntil != 0);
        }

        @Override
        public List<HeartbeatSample> heartbeatSamples() {
            if (server == null) {
                return List.of();
            }
            return server.heartbeatSamples().stream()
                    .map(s -> new HeartbeatSample(s.atMillis(), s.roundTripMillis(), s.secondsBehind())).toList();
        }

        @Override
        public Optional<ReplicaStatusView> replicaStatus() {
            return server == null ? Optional.empty() : server.replicaStatus().map(r -> new ReplicaStatusView(
                    r.masterHost(), r.masterPort(), r.masterUser(), r.secondsBehind(), r.ioRunning(), r.sqlRunning(),
                    r.ioState(), r.connectRetry(), r.lastIoError(), r.lastSqlError(), r.lastSqlErrno()));
        }
    }
}
