/**
 * Server health: {@link io.tessera.backend.health.Heartbeat} runs the data host's {@code <heartbeat>} statement
 * periodically against one server on a connection of its own and reports MyCat's status codes through
 * {@link io.tessera.backend.health.HeartbeatStatus}; {@link io.tessera.backend.health.HeartbeatCheck} reads the
 * replication state ({@code show slave status}) or a Galera node's state ({@code show status like 'wsrep%'}) from
 * the answer, by plain text, without SQL grammar. {@link io.tessera.backend.health.JdbcHeartbeat} checks over JDBC
 * for the servers of {@code dbDriver="jdbc"} data hosts. Both are a {@link io.tessera.backend.health.HealthCheck}.
 */
package io.tessera.backend.health;
