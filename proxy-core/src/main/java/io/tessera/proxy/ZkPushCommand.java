package io.tessera.proxy;

import io.tessera.proxy.cluster.ConfigStore;
import io.tessera.proxy.config.ClusterSettings;
import io.tessera.proxy.config.ConfigException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * {@code bin/tessera zk-push --conf DIR}: checks {@code DIR} as {@code bin/tessera check} does, then pushes it to the
 * ZooKeeper and cluster its {@code myid.properties} names, as the cluster's new configuration version; every node of
 * the cluster then loads it ({@link io.tessera.proxy.cluster.ClusterMember}). A configuration with problems is not
 * pushed.
 */
final class ZkPushCommand {

    static final int OK = 0;
    static final int FAILED = 1;
    private static final int CONNECT_SECONDS = 15;

    private ZkPushCommand() {
    }

    static int run(Path confDir, PrintStream out, PrintStream err) throws InterruptedException {
        Path dir = confDir.toAbsolutePath();
        Optional<ClusterSettings> settings;
        try {
            settings = ClusterSettings.read(dir);
        } catch (ConfigException e) {
            err.println(e.getMessage());
            return FAILED;
        }
        if (settings.isEmpty()) {
            err.println("zk-push: " + dir.resolve(ClusterSettings.FILE) + " must say loadZk=true and where ZooKeeper"
                    + " is (zkURL, clusterId, myid)");
            return FAILED;
        }
        if (CheckCommand.run(dir, out, err) != CheckCommand.OK) {
            err.println("zk-push: nothing pushed");
            return FAILED;
        }
        ClusterSettings cluster = settings.get();
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(cluster.zkUrl(),
                new ExponentialBackoffRetry(200, 3))) {
            client.start();
            if (!client.blockUntilConnected(CONNECT_SECONDS, TimeUnit.SECONDS)) {
                err.println("zk-push: cannot reach ZooKeeper at " + cluster.zkUrl() + " within " + CONNECT_SECONDS
                        + " s: nothing pushed");
                return FAILED;
            }
            long version = new ConfigStore(client, cluster.clusterId()).push(dir);
            out.println("pushed " + dir + " to cluster " + cluster.clusterId() + " at " + cluster.zkUrl()
                    + " as configuration version " + version);
            return OK;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            err.println("zk-push: " + e.getMessage() + ": nothing pushed");
            return FAILED;
        }
    }
}
