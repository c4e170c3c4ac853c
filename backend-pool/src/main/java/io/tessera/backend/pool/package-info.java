/**
 * One pool of native backend connections per data host: {@link io.tessera.backend.pool.DataHostPool} opens
 * {@code minCon} connections at start, never holds more than {@code maxCon}, lends them out local event loop first,
 * queues borrowers FIFO without blocking when all are busy, checks idle ones, and runs the data host's heartbeat.
 */
package io.tessera.backend.pool;
