package io.tessera.proxy.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tessera.proxy.session.QueryMeter;
import io.tessera.router.parse.StatementType;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The clients' statements by type and outcome, and their latency. Every counter and timer is registered at start, one
 * per statement type (and outcome), so that recording a statement is two array reads, no tag lookup and no allocation.
 */
final class QueryMetrics implements QueryMeter {

    /** Few buckets: each is one series per statement type. */
    static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(1),
        Duration.ofSeconds(5)};

    private final Counter[] ok;
    private final Counter[] failed;
    private final Timer[] durations;

    QueryMetrics(MeterRegistry registry) {
        StatementType[] types = StatementType.values();
        ok = new Counter[types.length];
        failed = new Counter[types.length];
        durations = new Timer[types.length];
        for (StatementType type : types) {
            String label = type.name().toLowerCase(Locale.ROOT);
            ok[type.ordinal()] = queries(registry, label, "ok");
            failed[type.ordinal()] = queries(registry, label, "error");
            durations[type.ordinal()] = Timer.builder("tessera.query.duration")
                    .description("Time from a statement's arrival to the end of its answer")
                    .tags("type", label)
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry);
        }
    }

    private static Counter queries(MeterRegistry registry, String type, String outcome) {
        return Counter.builder("tessera.queries")
                .description("Client statements that ended, by type and outcome (error: answered with an ERR)")
                .tags("type", type, "outcome", outcome)
                .register(registry);
    }

    @Override
    public void record(StatementType type, boolean ok, long nanos) {
        int index = type.ordinal();
        (ok ? this.ok : failed)[index].increment();
        durations[index].record(nanos, TimeUnit.NANOSECONDS);
    }
}
