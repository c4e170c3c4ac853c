package io.tessera.proxy.cluster;

import org.apache.curator.framework.CuratorFramework;

/**
 * A cluster's part of ZooKeeper, for what keeps shared state there besides the configuration (the sequence handlers
 * 3 and 4).
 *
 * @param client the node's connection, managed by its {@link ClusterMember}
 * @param path the cluster's root, {@code /tessera/<clusterId>}
 */
public record ZooKeeperRoot(CuratorFramework client, String path) {
}
