package io.tessera.backend.pool;

/**
 * A consistent snapshot of one data host pool, for {@code show @@datasource} and logs.
 *
 * @param active connections lent out or being opened ({@code total - idle})
 * @param idle connections ready to lend, those being pinged by the idle check included
 * @param total connections open or being opened; never above {@code maxCon}
 * @param waiting borrowers queued for a connection
 * @param executeCount queries sent through the pool's connections since start
 * @param created connections opened since start
 * @param closed connections closed since start
 */
public record PoolStats(int active, int idle, int total, int waiting, int maxCon, int minCon, long executeCount,
        long created, long closed) {
}
