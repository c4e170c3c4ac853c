package io.tessera.bench;

import org.HdrHistogram.Histogram;

/**
 * One run's figures: statements that succeeded per second, errors (with the first one's message), latency
 * percentiles in microseconds, and the target process's CPU time per statement (NaN when its pid is not known).
 */
record RunResult(String target, int threads, int round, long queries, long errors, String firstError,
        double seconds, double qps, long p50Micros, long p95Micros, long p99Micros, long p999Micros, long maxMicros,
        double cpuMicrosPerQuery) {

    static RunResult of(String target, int threads, int round, Histogram latency, long errors, String firstError,
            double seconds, double cpuSeconds) {
        long queries = latency.getTotalCount();
        return new RunResult(target, threads, round, queries, errors, firstError, seconds, queries / seconds,
                latency.getValueAtPercentile(50), latency.getValueAtPercentile(95),
                latency.getValueAtPercentile(99), latency.getValueAtPercentile(99.9), latency.getMaxValue(),
                queries == 0 ? Double.NaN : cpuSeconds * 1e6 / queries);
    }
}
