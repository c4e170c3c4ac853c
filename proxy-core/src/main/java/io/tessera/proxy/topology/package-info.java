/**
 * Everything Tessera derives from its configuration, as one immutable {@link io.tessera.proxy.topology.Topology}:
 * data hosts, data nodes, the router, the executor, the users, the statement pipeline with its caches. A
 * {@link io.tessera.proxy.topology.TopologyBuilder} builds one completely before anything uses it; the
 * {@link io.tessera.proxy.topology.TopologyHolder} swaps it in whole. Each command enters the topology current when
 * it starts and keeps it to its end; a data host the new topology no longer has (or has changed) drains once the
 * last command of the old one is done.
 */
package io.tessera.proxy.topology;
