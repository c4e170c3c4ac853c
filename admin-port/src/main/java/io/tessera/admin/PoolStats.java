package io.tessera.admin;

/**
 * A snapshot of one data source's connection pool.
 *
 * @param active       backend connections now borrowed by a statement or pinned to a transaction
 * @param idle         backend connections open and waiting in the pool
 * @param maxCon       the pool's maximum size ({@code maxCon} of the data host; show @@datasource SIZE)
 * @param minCon       the pool's minimum size ({@code minCon} of the data host)
 * @param executeCount statements sent to this source since start-up (show @@datasource EXECUTE)
 * @param readCount    of those, statements the balancer sent here as reads (show @@datasource READ_LOAD)
 * @param writeCount   of those, statements sent here as writes (show @@datasource WRITE_LOAD)
 */
public record PoolStats(int active, int idle, int maxCon, int minCon, long executeCount, long readCount,
        long writeCount) {
}
