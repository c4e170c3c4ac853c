/**
 * Data host health: {@link io.tessera.backend.health.Heartbeat} runs the {@code <heartbeat>} statement
 * periodically on a connection of its own and reports MyCat's status codes through
 * {@link io.tessera.backend.health.HeartbeatStatus}.
 */
package io.tessera.backend.health;
