package io.tessera.admin;

/**
 * One node of a Tessera cluster as {@code show @@cluster} reports it: a node that joined (its own row, as it last
 * wrote it to ZooKeeper), or a node that {@code myid.properties}'s {@code clusterNodes} expects and that has not.
 *
 * @param myid            the node's {@code myid}
 * @param state           {@code UP} (joined), {@code ABSENT} (expected, not joined), or for the node asked,
 *                        {@code ZK_UNREACHABLE} when it has lost ZooKeeper and runs on its last configuration
 * @param host            where its MySQL port listens; empty when absent
 * @param serverPort      its MySQL port; 0 when absent
 * @param managerPort     its admin port; 0 when absent
 * @param version         its Tessera version; empty when absent
 * @param configVersion   the configuration version it runs; 0 when absent
 * @param configError     why it could not load the newest version, if it could not; else empty
 * @param self            whether it is the node asked
 */
public record ClusterNodeView(String myid, String state, String host, int serverPort, int managerPort, String version,
        long configVersion, String configError, boolean self) {
}
