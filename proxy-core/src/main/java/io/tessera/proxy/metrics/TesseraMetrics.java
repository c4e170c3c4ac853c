package io.tessera.proxy.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tessera.admin.DataHostView;
import io.tessera.proxy.exec.DeadlockStats;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.QueryMeter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Supplier;

/**
 * Tessera's meters in one Prometheus registry: the clients' statements ({@link #queryMeter()}), the front connections
 * and their bytes, each data source's pool and heartbeat, and the JVM's memory, GC, threads, class loading and CPU.
 * One per server, made only when the endpoint is on; {@link #close()} unbinds the GC listener.
 */
public final class TesseraMetrics implements AutoCloseable {

    /** Prometheus text format 0.0.4, which every Prometheus version scrapes. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final QueryMetrics queries;
    private final DataSourceMeters dataSources;

    /**
     * @param connections the client connections: their count and bytes are read at each scrape
     * @param dataHosts the data hosts of the topology running now, with live pools and heartbeats
     * @param deadlocks what the deadlock detector found
     */
    public TesseraMetrics(ClientConnections connections, Supplier<List<DataHostView>> dataHosts,
            DeadlockStats deadlocks) {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        Gauge.builder("tessera.front.connections", connections, ClientConnections::count)
                .description("Client connections open now, logged in or not yet")
                .register(registry);
        FunctionCounter.builder("tessera.front.received", connections, ClientConnections::bytesReceived)
                .description("Bytes received from clients")
                .baseUnit(BaseUnits.BYTES)
                .register(registry);
        FunctionCounter.builder("tessera.front.sent", connections, ClientConnections::bytesSent)
                .description("Bytes sent to clients")
                .baseUnit(BaseUnits.BYTES)
                .register(registry);
        FunctionCounter.builder("tessera.deadlocks.detected", deadlocks, DeadlockStats::detected)
                .description("Cycles of lock waits across data nodes found by the deadlock detector")
                .register(registry);
        FunctionCounter.builder("tessera.deadlocks.victims", deadlocks, DeadlockStats::victims)
                .description("Transactions rolled back to break a deadlock across data nodes (their clients got 1213)")
                .register(registry);
        Gauge.builder("tessera.deadlocks.detect.max", deadlocks, DeadlockStats::maxDetectMillis)
                .description("Longest time a deadlock across data nodes lasted before it was found")
                .baseUnit("milliseconds")
                .register(registry);
        queries = new QueryMetrics(registry);
        dataSources = new DataSourceMeters(registry, dataHosts);
    }

    /** What the front end tells each statement's end. */
    public QueryMeter queryMeter() {
        return queries;
    }

    /** Writes every metric in {@link #CONTENT_TYPE}, the data sources read now. */
    public void scrape(OutputStream out) throws IOException {
        dataSources.refresh();
        registry.scrape(out, CONTENT_TYPE);
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
