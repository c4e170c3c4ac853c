/**
 * One pool of native backend connections per server of a data host: {@link io.tessera.backend.pool.ServerPool} opens
 * {@code minCon} connections at start, never holds more than {@code maxCon}, lends them out local event loop first,
 * queues borrowers FIFO without blocking when all are busy, checks idle ones, and runs the data host's heartbeat.
 */
package io.tessera.backend.pool;
