/**
 * One pool of native backend connections per server of a data host: {@link io.tessera.backend.pool.ServerPool} opens
 * {@code minCon} connections at start, never holds more than {@code maxCon}, lends them out local event loop first,
 * queues borrowers FIFO without blocking when all are busy, and checks idle ones. Both it and the JDBC pool
 * ({@code io.tessera.backend.jdbc}) are a {@link io.tessera.backend.pool.ConnectionPool}. The server's heartbeat and
 * the data host around it live in {@code io.tessera.backend.host}.
 */
package io.tessera.backend.pool;
