package io.tessera.proxy.admin;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.tessera.admin.AdminContext;
import io.tessera.admin.ConnectionView;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.admin.PoolStats;
import io.tessera.admin.SchemaView;
import io.tessera.admin.ThreadPoolView;
import io.tessera.backend.pool.DataHostPool;
import io.tessera.proxy.config.DataHostConfig;
import io.tessera.proxy.config.ReadHostConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.WriteHostConfig;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.DataNodes;
import io.tessera.proxy.session.ClientConnections;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The running proxy as the admin port sees it. Every call builds fresh views from live objects; nothing blocks.
 * Only the first write host of a data host has a pool yet (no failover or read/write splitting), so the other
 * sources show an empty pool and a heartbeat that never ran.
 */
public final class ProxyAdminContext implements AdminContext {

    private final String version;
    private final long startupMillis;
    private final TesseraConfig config;
    private final Map<String, DataHostPool> pools;
    private final DataNodes dataNodes;
    private final ClientConnections connections;
    private final Map<EventLoop, String> processorNames = new HashMap<>();

    public ProxyAdminContext(String version, long startupMillis, TesseraConfig config, Map<String, DataHostPool> pools,
            DataNodes dataNodes, ClientConnections connections, EventLoopGroup group) {
        this.version = version;
        this.startupMillis = startupMillis;
        this.config = config;
        this.pools = pools;
        this.dataNodes = dataNodes;
        this.connections = connections;
        int index = 0;
        for (EventExecutor loop : group) {
            processorNames.put((EventLoop) loop, "Processor" + index++);
        }
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public long startupMillis() {
        return startupMillis;
    }

    @Override
    public boolean online() {
        return connections.online();
    }

    @Override
    public List<SchemaView> schemas() {
        List<SchemaView> views = new ArrayList<>();
        for (SchemaConfig schema : config.schemas().values()) {
            Set<String> nodes = new LinkedHashSet<>();
            if (schema.dataNode() != null) {
                nodes.add(schema.dataNode());
            }
            for (TableConfig table : schema.tables().values()) {
                nodes.addAll(table.dataNodes());
            }
            List<String> list = List.copyOf(nodes);
            views.add(new SchemaView() {
                @Override
                public String name() {
                    return schema.name();
                }

                @Override
                public List<String> dataNodes() {
                    return list;
                }
            });
        }
        return views;
    }

    @Override
    public List<DataNodeView> dataNodes() {
        List<DataNodeView> views = new ArrayList<>();
        for (DataNode node : dataNodes.all()) {
            views.add(new DataNodeView() {
                @Override
                public String name() {
                    return node.name();
                }

                @Override
                public String dataHost() {
                    return node.dataHost();
                }

                @Override
                public String database() {
                    return node.database();
                }

                @Override
                public long executeCount() {
                    return node.reads() + node.writes();
                }
            });
        }
        return views;
    }

    @Override
    public List<DataHostView> dataHosts() {
        List<DataHostView> views = new ArrayList<>();
        for (DataHostConfig host : config.dataHosts().values()) {
            List<DataSourceView> sources = new ArrayList<>();
            DataHostPool pool = pools.get(host.name());
            long[] loads = loads(host.name());
            boolean first = true;
            for (WriteHostConfig write : host.writeHosts()) {
                sources.add(new Source(write.host(), write.hostName(), write.port(), host.dbType(), false,
                        first ? pool : null, host, loads));
                first = false;
                for (ReadHostConfig read : write.readHosts()) {
                    sources.add(new Source(read.host(), read.hostName(), read.port(), host.dbType(), true, null,
                            host, loads));
                }
            }
            List<DataSourceView> list = List.copyOf(sources);
            views.add(new DataHostView() {
                @Override
                public String name() {
                    return host.name();
                }

                @Override
                public int activeWriteIndex() {
                    return 0;
                }

                @Override
                public List<DataSourceView> dataSources() {
                    return list;
                }
            });
        }
        return views;
    }

    /** Reads and writes sent to the data host's nodes: {reads, writes}. */
    private long[] loads(String dataHost) {
        long[] loads = new long[2];
        for (DataNode node : dataNodes.all()) {
            if (node.dataHost().equals(dataHost)) {
                loads[0] += node.reads();
                loads[1] += node.writes();
            }
        }
        return loads;
    }

    @Override
    public List<ThreadPoolView> threadPools() {
        return List.of(); // no business executor or timer pool exists yet: event loops do all the work
    }

    @Override
    public List<ConnectionView> connections() {
        List<ConnectionView> views = new ArrayList<>();
        connections.snapshot().forEach(c -> views.add(new ClientConnectionView(c, processorNames,
                config.system().txIsolation().mycatCode())));
        return views;
    }

    /** One physical source: the pooled first write host, or another source without a pool yet. */
    private record Source(String name, String host, int port, String dbType, boolean isReadHost, DataHostPool pool,
            DataHostConfig config, long[] loads) implements DataSourceView {

        @Override
        public PoolStats poolStats() {
            if (pool == null) {
                return new PoolStats(0, 0, config.maxCon(), config.minCon(), 0, 0, 0);
            }
            io.tessera.backend.pool.PoolStats s = pool.stats();
            return new PoolStats(s.active(), s.idle(), s.maxCon(), s.minCon(), loads[0] + loads[1], loads[0],
                    loads[1]);
        }

        @Override
        public HeartbeatStatus heartbeat() {
            if (pool == null) {
                return new HeartbeatStatus(HeartbeatStatus.INIT, 0, false, 0, 0, 0, 0, 0, 0, true);
            }
            io.tessera.backend.health.HeartbeatStatus h = pool.heartbeat();
            return new HeartbeatStatus(h.status().code(), h.errorCount(), h.checking(), h.timeoutMillis(),
                    h.meanMillis1m(), h.meanMillis10m(), h.meanMillis30m(), h.lastOkMillis(), 0,
                    config.heartbeatSql() == null || config.heartbeatSql().isBlank());
        }
    }
}
