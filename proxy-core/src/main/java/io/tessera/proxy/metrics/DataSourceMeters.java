package io.tessera.proxy.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.admin.PoolStats;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Each data source's pool and heartbeat, as the admin port reads them ({@code show @@datasource}, {@code show
 * @@heartbeat}). The topology is swapped whole on reload, so the data sources are read again at each scrape
 * ({@link #refresh()}): a new one gets its meters, one that is gone loses them, and every value is the one just read.
 */
final class DataSourceMeters {

    private final MeterRegistry registry;
    private final Supplier<List<DataHostView>> dataHosts;
    private final Map<Source, List<Meter>> meters = new HashMap<>();
    private volatile Map<Source, Reading> readings = Map.of();

    /** @param dataHosts the data hosts of the topology running now, read at each scrape */
    DataSourceMeters(MeterRegistry registry, Supplier<List<DataHostView>> dataHosts) {
        this.registry = registry;
        this.dataHosts = dataHosts;
    }

    /** Reads every data source now, and registers or removes meters to match. */
    synchronized void refresh() {
        Map<Source, Reading> now = new LinkedHashMap<>();
        for (DataHostView host : dataHosts.get()) {
            for (DataSourceView source : host.dataSources()) {
                now.put(new Source(host.name(), source.name(), source.isReadHost() ? "R" : "W"),
                        new Reading(source.poolStats(), source.heartbeat()));
            }
        }
        readings = now;
        for (Iterator<Map.Entry<Source, List<Meter>>> it = meters.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Source, List<Meter>> entry = it.next();
            if (!now.containsKey(entry.getKey())) {
                entry.getValue().forEach(registry::remove);
                it.remove();
            }
        }
        for (Source source : now.keySet()) {
            meters.computeIfAbsent(source, this::register);
        }
    }

    private List<Meter> register(Source source) {
        Tags tags = Tags.of("data_host", source.dataHost(), "data_source", source.name(), "role", source.role());
        return List.of(
                gauge("tessera.pool.active", "Backend connections lent out", source, tags, r -> r.pool().active()),
                gauge("tessera.pool.idle", "Backend connections open and idle", source, tags, r -> r.pool().idle()),
                gauge("tessera.pool.max", "The pool's maxCon", source, tags, r -> r.pool().maxCon()),
                FunctionCounter.builder("tessera.pool.executed", this,
                                meters -> meters.value(source, r -> r.pool().executeCount()))
                        .description("Statements the data source ran (it restarts from 0 when a reload rebuilds it)")
                        .tags(tags)
                        .register(registry),
                gauge("tessera.heartbeat.status", "Last heartbeat: 1 ok, -1 error, -2 timeout, 0 not yet checked",
                        source, tags, r -> r.heartbeat().code()),
                gauge("tessera.heartbeat.errors", "Heartbeats failed in a row", source, tags,
                        r -> r.heartbeat().errorCount()));
    }

    private Gauge gauge(String name, String description, Source source, Tags tags, ToDoubleFunction<Reading> field) {
        return Gauge.builder(name, this, meters -> meters.value(source, field))
                .description(description)
                .tags(tags)
                .strongReference(true)
                .register(registry);
    }

    /** NaN for a data source gone since the last refresh, until its meters are removed. */
    private double value(Source source, ToDoubleFunction<Reading> field) {
        Reading reading = readings.get(source);
        return reading == null ? Double.NaN : field.applyAsDouble(reading);
    }

    /** A data source by its labels: data host, server name, W (writeHost) or R (readHost). */
    private record Source(String dataHost, String name, String role) {
    }

    private record Reading(PoolStats pool, HeartbeatStatus heartbeat) {
    }
}
