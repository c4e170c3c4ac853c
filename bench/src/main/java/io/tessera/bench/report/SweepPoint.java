package io.tessera.bench.report;

import java.util.Objects;

/**
 * One measured run: a target at a thread count. Latencies are in microseconds; {@code cpuMicrosPerQuery} is the
 * proxy's CPU time per query, NaN when unknown (a direct run has no proxy).
 */
public record SweepPoint(String target, int threads, double qps, double p50Micros, double p99Micros, long errors,
        double cpuMicrosPerQuery) {

    public SweepPoint {
        Objects.requireNonNull(target, "target");
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        if (errors < 0) {
            throw new IllegalArgumentException("errors: " + errors + " (expected: >= 0)");
        }
    }
}
