/**
 * Cluster mode: several Tessera nodes sharing their configuration through ZooKeeper (Apache Curator), as MyCat's
 * {@code conf/myid.properties} with {@code loadZk=true} asks. {@link io.tessera.proxy.config.ClusterSettings} reads
 * that file; {@link io.tessera.proxy.cluster.ConfigStore} keeps versions of a {@code conf/} directory in ZooKeeper;
 * {@link io.tessera.proxy.cluster.ClusterMember} brings a node's {@code conf/} to the current version at start,
 * reloads when another version becomes current, and shows the node to the others;
 * {@link io.tessera.proxy.cluster.WriteHostAgreement} makes the nodes agree on write host switches
 * ({@code useZKSwitch}).
 */
package io.tessera.proxy.cluster;
