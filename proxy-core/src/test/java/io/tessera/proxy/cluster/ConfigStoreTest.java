package io.tessera.proxy.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against a real ZooKeeper in this JVM (Curator's TestingServer). */
class ConfigStoreTest {

    @TempDir
    Path dir;

    private TestingServer zookeeper;
    private CuratorFramework client;
    private ConfigStore store;

    @BeforeEach
    void zookeeper() throws Exception {
        zookeeper = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(zookeeper.getConnectString(), new RetryOneTime(100));
        client.start();
        assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
        store = new ConfigStore(client, "c1");
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        zookeeper.close();
    }

    private Path conf(String name, String schema) throws Exception {
        Path conf = Files.createDirectories(dir.resolve(name));
        Files.writeString(conf.resolve("server.xml"), "<server/>");
        Files.writeString(conf.resolve("schema.xml"), schema);
        Files.writeString(conf.resolve("partition-hash-int.txt"), "10000=0\n");
        Files.writeString(conf.resolve("myid.properties"), "myid=" + name);
        Files.writeString(conf.resolve("dnindex.properties"), "host1=1");
        Files.writeString(conf.resolve("log4j2.xml"), "<log/>");
        Files.createDirectories(conf.resolve("demo"));
        return conf;
    }

    @Test
    void pushesVersionsOneAfterTheOtherWithTheConfigurationFilesOnly() throws Exception {
        assertThat(store.current()).isZero();
        assertThat(store.push(conf("a", "<v1/>"))).isEqualTo(1);
        assertThat(store.push(conf("b", "<v2/>"))).isEqualTo(2);
        assertThat(store.current()).isEqualTo(2);
        assertThat(store.files(1).keySet()).containsExactly("partition-hash-int.txt", "schema.xml", "server.xml");
        assertThat(new String(store.files(1).get("schema.xml"), StandardCharsets.UTF_8)).isEqualTo("<v1/>");
        assertThat(ConfigStore.versionIn(dir.resolve("b"))).isEqualTo(2);
    }

    @Test
    void writesAVersionIntoAConfDirectoryLeavingItsOwnFiles() throws Exception {
        store.push(conf("a", "<v1/>"));
        Path node = Files.createDirectories(dir.resolve("node"));
        Files.writeString(node.resolve("myid.properties"), "myid=node");
        assertThat(ConfigStore.versionIn(node)).isZero();
        store.writeInto(1, node);
        assertThat(Files.readString(node.resolve("schema.xml"))).isEqualTo("<v1/>");
        assertThat(Files.readString(node.resolve("myid.properties"))).isEqualTo("myid=node");
        assertThat(ConfigStore.versionIn(node)).isEqualTo(1);
        try (var files = Files.list(node)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("myid.properties",
                    "partition-hash-int.txt", "schema.xml", "server.xml", ".cluster-version");
        }
    }

    @Test
    void pushesAtOnceGetVersionsOfTheirOwn() throws Exception {
        Path conf = conf("a", "<v/>");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> pushes = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                pushes.add(pool.submit((Callable<Long>) () -> store.push(conf)));
            }
            Set<Long> versions = new TreeSet<>();
            for (Future<Long> push : pushes) {
                versions.add(push.get(30, TimeUnit.SECONDS));
            }
            assertThat(versions).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
            assertThat(store.current()).isEqualTo(8);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDirectoryThatIsNoConfOrAFileTooLargeIsNotPushed() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> store.push(empty)).hasMessageContaining("not a conf/ directory");
        Path large = conf("large", "<v/>");
        Files.write(large.resolve("big.txt"), new byte[ConfigStore.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> store.push(large)).hasMessageContaining("big.txt has 1000001 bytes");
        assertThat(store.current()).isZero();
    }
}
