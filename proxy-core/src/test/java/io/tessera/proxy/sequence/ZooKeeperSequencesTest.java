package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.cluster.ZooKeeperRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Handlers 3 and 4 of three "nodes" (each its own ZooKeeper session) against a real ZooKeeper in this JVM. */
class ZooKeeperSequencesTest {

    private static final int NODES = 3;
    private static final int THREADS = 8;
    private static final int IDS = 5_000;

    @TempDir
    Path conf;

    private TestingServer zookeeper;
    private final List<CuratorFramework> clients = new ArrayList<>();
    private final ExecutorService blocking = Executors.newFixedThreadPool(4);

    @BeforeEach
    void zookeeper() throws Exception {
        zookeeper = new TestingServer(true);
        for (int i = 0; i < NODES; i++) {
            CuratorFramework client = CuratorFrameworkFactory.builder().connectString(zookeeper.getConnectString())
                    .retryPolicy(new RetryOneTime(100)).sessionTimeoutMs(15_000).connectionTimeoutMs(2_000).build();
            client.start();
            assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
            clients.add(client);
        }
    }

    @AfterEach
    void close() throws Exception {
        clients.forEach(CuratorFramework::close);
        zookeeper.close();
        blocking.shutdownNow();
    }

    private ZooKeeperRoot root(int node) {
        return new ZooKeeperRoot(clients.get(node), "/tessera/seq-test");
    }

    @Test
    void incrementIdsOfThreeNodesAreAllDistinctAndWithinTheRange() throws Exception {
        Files.writeString(conf.resolve("sequence_conf.properties"),
                "GLOBAL.HISIDS=\nGLOBAL.MINID=1001\nGLOBAL.MAXID=100000000\nGLOBAL.CURID=1000\n");
        List<Sequences> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(ZooKeeperIncrementSequences.open(conf.resolve("sequence_conf.properties"), root(i), blocking));
        }
        Set<Long> ids = takeEverywhere(nodes::get);
        assertThat(ids).hasSize(NODES * THREADS * IDS).allMatch(id -> id > 1000 && id <= 100_000_000);
        assertThat(nodes.get(0).has("global")).isTrue();
        assertThat(nodes.get(0).has("OTHER")).isFalse();
    }

    @Test
    void aRangeRunsOutForEveryNodeOnceZooKeepersCounterReachesMaxid() throws Exception {
        Files.writeString(conf.resolve("sequence_conf.properties"), "SMALL.MINID=1\nSMALL.MAXID=1500\nSMALL.CURID=0\n");
        Sequences first = ZooKeeperIncrementSequences.open(conf.resolve("sequence_conf.properties"), root(0), blocking);
        Sequences second = ZooKeeperIncrementSequences.open(conf.resolve("sequence_conf.properties"), root(1),
                blocking);
        assertThat(first.next("SMALL", 1).get()).isEqualTo(1);      // reserves 1..1000
        assertThat(second.next("SMALL", 1).get()).isEqualTo(1001);  // reserves 1001..1500, the rest
        assertThat(second.next("SMALL", 499).get()).isEqualTo(1002);
        assertThatThrownBy(() -> second.next("SMALL", 1).join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(TesseraException.class).hasMessageContaining("MAXID 1500 reached");
        assertThat(first.next("SMALL", 999).get()).isEqualTo(2);     // its own block still serves
    }

    @Test
    void timeIdsOfThreeNodesCarryInstanceIdsOfTheirOwnAndAreAllDistinct() throws Exception {
        Files.writeString(conf.resolve("sequence_distributed_conf.properties"), "INSTANCEID=ZK\nCLUSTERID=01\n");
        List<ZooKeeperTimeSequences> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(ZooKeeperTimeSequences.open(conf.resolve("sequence_distributed_conf.properties"), root(i),
                    blocking));
        }
        assertThat(nodes).extracting(ZooKeeperTimeSequences::instanceId).containsExactly(0, 1, 2);
        Set<Long> ids = takeEverywhere(nodes::get);
        assertThat(ids).hasSize(NODES * THREADS * IDS);
        assertThat(ids).allMatch(id -> (id >> 17 & 31) == 1); // CLUSTERID in the datacenter bits
    }

    @Test
    void aNodeWithoutZooKeeperHandsOutNoTimeIdUntilItsInstanceIdIsConfirmed() throws Exception {
        Files.writeString(conf.resolve("sequence_distributed_conf.properties"), "INSTANCEID=zk\nCLUSTERID=2\n");
        ZooKeeperTimeSequences node = ZooKeeperTimeSequences.open(
                conf.resolve("sequence_distributed_conf.properties"), root(0), blocking);
        assertThat(node.next("ANY", 1).get()).isPositive();
        zookeeper.stop();
        long deadline = System.currentTimeMillis() + 10_000;
        while (node.instanceId() >= 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThatThrownBy(() -> node.next("ANY", 1).join()).hasMessageContaining("holds no instance id");
        zookeeper.restart();
        deadline = System.currentTimeMillis() + 20_000;
        while (node.instanceId() < 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(node.instanceId()).isZero();
        assertThat(node.next("ANY", 1).get()).isPositive();
    }

    @Test
    void aFixedInstanceIdNeedsNoClaimAndAWrongOneIsNamed() throws Exception {
        Path file = conf.resolve("sequence_distributed_conf.properties");
        Files.writeString(file, "INSTANCEID=07\nCLUSTERID=01\n");
        ZooKeeperTimeSequences fixed = ZooKeeperTimeSequences.open(file, root(0), blocking);
        assertThat(fixed.instanceId()).isEqualTo(7);
        assertThat(fixed.next("ANY", 1).get() >> 12 & 31).isEqualTo(7);
        Files.writeString(file, "INSTANCEID=40\n");
        assertThatThrownBy(() -> ZooKeeperTimeSequences.open(file, root(0), blocking)).hasMessageContaining(
                "sequence_distributed_conf.properties: CLUSTERID: missing").hasMessageContaining(
                "INSTANCEID: value \"40\" (expected: an integer in 0..31)");
    }

    /** {@value #THREADS} threads on each node, each taking {@value #IDS} ids one at a time. */
    private Set<Long> takeEverywhere(Function<Integer, Sequences> node) throws Exception {
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(NODES * THREADS);
        try {
            List<Future<Integer>> duplicates = new ArrayList<>();
            for (int n = 0; n < NODES; n++) {
                Sequences sequences = node.apply(n);
                for (int t = 0; t < THREADS; t++) {
                    duplicates.add(threads.submit(() -> {
                        int twice = 0;
                        for (int i = 0; i < IDS; i++) {
                            if (!ids.add(sequences.next("GLOBAL", 1).get(10, TimeUnit.SECONDS))) {
                                twice++;
                            }
                        }
                        return twice;
                    }));
                }
            }
            for (Future<Integer> twice : duplicates) {
                assertThat(twice.get(2, TimeUnit.MINUTES)).isZero();
            }
        } finally {
            threads.shutdownNow();
        }
        return ids;
    }
}
