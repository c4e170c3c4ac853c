package io.tessera.proxy.cluster;

import io.tessera.admin.ClusterNodeView;
import io.tessera.backend.host.DataHost;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/** The cluster a Tessera node belongs to, or none ({@link #STANDALONE}). */
public interface Cluster extends AutoCloseable {

    /** A node on its own: no ZooKeeper, nothing shared. */
    Cluster STANDALONE = new Cluster() {
        @Override
        public WriteHostPolicy writeHostPolicy(boolean useZkSwitch) {
            return WriteHostPolicy.ALONE;
        }

        @Override
        public Optional<ZooKeeperRoot> zooKeeper() {
            return Optional.empty();
        }

        @Override
        public void join(Endpoint endpoint, Supplier<CompletableFuture<?>> reload,
                Function<String, DataHost> dataHosts) {
        }

        @Override
        public CompletableFuture<OptionalLong> publish() {
            return CompletableFuture.completedFuture(OptionalLong.empty());
        }

        @Override
        public List<ClusterNodeView> nodes() {
            return List.of();
        }

        @Override
        public void close() {
        }
    };

    /** Where a node's clients and admins reach it, as the other nodes see it. */
    record Endpoint(String host, int serverPort, int managerPort, String version) {

        /** The endpoint of a node bound to {@code bindIp}: that address, or the host's name for a wildcard. */
        public static Endpoint of(String bindIp, int serverPort, int managerPort, String version) {
            String host = bindIp;
            if (bindIp.equals("0.0.0.0") || bindIp.equals("::")) {
                try {
                    host = InetAddress.getLocalHost().getHostName();
                } catch (UnknownHostException e) {
                    host = "localhost";
                }
            }
            return new Endpoint(host, serverPort, managerPort, version);
        }
    }

    /**
     * How this node's data hosts choose their active write host: as the cluster agrees when server.xml says
     * {@code useZKSwitch=true} (read at start), else each on its own. Asked once, before the data hosts start.
     */
    WriteHostPolicy writeHostPolicy(boolean useZkSwitch);

    /** The cluster's part of ZooKeeper, for the sequence handlers that keep their state there; empty on its own. */
    Optional<ZooKeeperRoot> zooKeeper();

    /**
     * Joins, once the node serves: shows it to the others, and from now on writes each newly pushed configuration
     * version into {@code conf/} and applies it with {@code reload} (a {@code reload @@config_all}); with
     * {@code useZKSwitch}, each write host switch the cluster agrees on is followed by the data host of that name in
     * {@code dataHosts} (the topology in force).
     */
    void join(Endpoint endpoint, Supplier<CompletableFuture<?>> reload, Function<String, DataHost> dataHosts);

    /**
     * After a reload through this node's admin port took effect here: pushes its {@code conf/} as the cluster's new
     * version, which every other node then loads.
     *
     * @return the version pushed; empty for a node on its own
     */
    CompletableFuture<OptionalLong> publish();

    /** What {@code show @@cluster} shows. */
    List<ClusterNodeView> nodes();

    @Override
    void close();
}
