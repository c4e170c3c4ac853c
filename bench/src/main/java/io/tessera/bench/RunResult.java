package io.tessera.bench;

import java.util.Locale;

/** One target's figures: queries per second, errors and latency percentiles in microseconds. */
record RunResult(String url, long queries, long errors, double seconds, long p50Micros, long p95Micros,
        long p99Micros, long maxMicros) {

    double qps() {
        return queries / seconds;
    }

    String describe() {
        return String.format(Locale.ROOT, "%-60s %10.0f qps  errors %d  latency us p50 %d  p95 %d  p99 %d  max %d",
                url.replaceAll("password=[^&]*", "password=****"), qps(), errors, p50Micros, p95Micros, p99Micros,
                maxMicros);
    }
}
