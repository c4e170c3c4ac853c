package io.tessera.proxy.cluster;

import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.SwitchArbiter;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.zookeeper.KeeperException;

/**
 * MyCat's {@code useZKSwitch}: the Tessera nodes of a cluster agree on each data host's active write host through
 * ZooKeeper, so that all of them write to the same server. The index in force is recorded under
 * {@code /tessera/<clusterId>/failover/<dataHost>}; a node whose heartbeats give the active write host up asks
 * {@link #decide} under that data host's lock, which records its choice, or answers with the one another node
 * recorded for the same failure; an operator's {@code switch @@datasource} is recorded too ({@link #switched}); every
 * node follows each recorded change ({@link #follow}); and a node starts its data hosts on the recorded index. Without
 * ZooKeeper no switch can be agreed, and writes stay where they are. ZooKeeper work runs on {@code worker}.
 */
final class WriteHostAgreement implements SwitchArbiter {

    private static final Logger LOG = LogManager.getLogger(WriteHostAgreement.class);
    private static final long LOCK_SECONDS = 10;

    private final CuratorFramework client;
    private final String root;
    private final String locks;
    private final Executor worker;
    private CuratorCache recorded;

    WriteHostAgreement(CuratorFramework client, String clusterId, Executor worker) {
        this.client = client;
        this.root = "/tessera/" + clusterId + "/failover";
        this.locks = "/tessera/" + clusterId + "/locks/failover";
        this.worker = worker;
    }

    @Override
    public CompletableFuture<Integer> decide(String dataHost, int from, int to) {
        return CompletableFuture.supplyAsync(() -> underLock(dataHost, () -> {
            OptionalInt agreed = recorded(dataHost);
            if (agreed.isPresent() && agreed.getAsInt() != from) {
                return agreed.getAsInt(); // another node moved off the failed write host already
            }
            record(dataHost, to);
            return to;
        }), worker);
    }

    /** A switch on this node, whatever its cause: recorded when it is not yet, for the others to follow. */
    void switched(String dataHost, int index) {
        worker.execute(() -> {
            try {
                underLock(dataHost, () -> {
                    if (recorded(dataHost).orElse(-1) != index) {
                        record(dataHost, index);
                    }
                    return index;
                });
            } catch (RuntimeException e) {
                LOG.warn("data host {}: the switch to writeHost index {} could not be recorded for the other Tessera"
                        + " nodes: {}", dataHost, index, e.getMessage());
            }
        });
    }

    /** The index recorded for {@code dataHost}: the one every node is to write to; empty when none is. */
    OptionalInt recorded(String dataHost) {
        try {
            String text = new String(client.getData().forPath(root + "/" + dataHost), StandardCharsets.UTF_8);
            return OptionalInt.of(Integer.parseInt(text.trim()));
        } catch (KeeperException.NoNodeException | NumberFormatException e) {
            return OptionalInt.empty();
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    /** Follows every recorded change: the data host of that name in {@code dataHosts} switches to it. */
    void follow(Function<String, DataHost> dataHosts) {
        recorded = CuratorCache.build(client, root);
        recorded.listenable().addListener((type, before, after) -> {
            if (after != null && !after.getPath().equals(root)) {
                worker.execute(() -> followRecord(after, dataHosts));
            }
        });
        recorded.start();
    }

    void close() {
        if (recorded != null) {
            recorded.close();
        }
    }

    private void followRecord(ChildData record, Function<String, DataHost> dataHosts) {
        String name = record.getPath().substring(root.length() + 1);
        DataHost host = dataHosts.apply(name);
        try {
            int index = Integer.parseInt(new String(record.getData(), StandardCharsets.UTF_8).trim());
            if (host != null && host.activeWriteIndex() != index) {
                host.follow(index);
            }
        } catch (IllegalArgumentException e) { // not a number, or no such write host in this configuration
            LOG.warn("data host {}: the cluster recorded writeHost {} as the active one, which this node cannot"
                    + " follow: {}", name, new String(record.getData(), StandardCharsets.UTF_8), e.getMessage());
        }
    }

    private void record(String dataHost, int index) {
        byte[] data = Integer.toString(index).getBytes(StandardCharsets.UTF_8);
        try {
            client.create().orSetData().creatingParentContainersIfNeeded().forPath(root + "/" + dataHost, data);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    private <T> T underLock(String dataHost, java.util.function.Supplier<T> work) {
        InterProcessMutex lock = new InterProcessMutex(client, locks + "/" + dataHost);
        try {
            if (!lock.acquire(LOCK_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the failover lock of data host " + dataHost + " was not free within "
                        + LOCK_SECONDS + " s");
            }
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new CompletionException(e);
        }
        try {
            return work.get();
        } finally {
            try {
                lock.release();
            } catch (Exception e) {
                LOG.warn("data host {}: releasing its failover lock: {}", dataHost, e.getMessage());
            }
        }
    }
}
