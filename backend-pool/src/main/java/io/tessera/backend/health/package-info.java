/**
 * Server health: {@link io.tessera.backend.health.Heartbeat} runs the data host's {@code <heartbeat>} statement
 * periodically against one server on a connection of its own and reports MyCat's status codes through
 * {@link io.tessera.backend.health.HeartbeatStatus}.
 */
package io.tessera.backend.health;
