package io.tessera.proxy.topology;

import io.tessera.backend.host.DataHost;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.exec.DataNodes;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.pipeline.StatementPipeline;
import io.tessera.proxy.session.Authenticator;
import io.tessera.router.Router;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One configuration, built: its data hosts, data nodes, router, executor, users and statement pipeline (whose caches
 * of routes, column orders and parent rows belong to it). Immutable; commands running on it are counted, so that
 * once it is replaced and the last of them is done, what only it used can go.
 */
public final class Topology {

    private final long generation;
    private final TesseraConfig config;
    private final Map<String, DataHost> dataHosts;
    private final DataNodes dataNodes;
    private final Router router;
    private final Executor executor;
    private final Authenticator authenticator;
    private final StatementPipeline pipeline;
    /** Commands running on this topology; -1 once it is retired and the last of them is done. */
    private final AtomicInteger commands = new AtomicInteger();
    private volatile Runnable whenRetiredAndIdle;

    Topology(long generation, TesseraConfig config, Map<String, DataHost> dataHosts, DataNodes dataNodes,
            Router router, Executor executor, Authenticator authenticator, StatementPipeline pipeline) {
        this.generation = generation;
        this.config = config;
        this.dataHosts = Map.copyOf(dataHosts);
        this.dataNodes = dataNodes;
        this.router = router;
        this.executor = executor;
        this.authenticator = authenticator;
        this.pipeline = pipeline;
    }

    /** 1 for the configuration Tessera started with, then one more for each that replaced it. */
    public long generation() {
        return generation;
    }

    public TesseraConfig config() {
        return config;
    }

    /** The data hosts Tessera reaches (MySQL and MariaDB), by name. */
    public Map<String, DataHost> dataHosts() {
        return dataHosts;
    }

    public DataNodes dataNodes() {
        return dataNodes;
    }

    public Router router() {
        return router;
    }

    public Executor executor() {
        return executor;
    }

    public Authenticator authenticator() {
        return authenticator;
    }

    public StatementPipeline pipeline() {
        return pipeline;
    }

    /** Counts a command in; false when the topology is retired and done, so the command must take the current one. */
    boolean enter() {
        while (true) {
            int running = commands.get();
            if (running < 0) {
                return false;
            }
            if (commands.compareAndSet(running, running + 1)) {
                return true;
            }
        }
    }

    /** Counts a command out; the last one out of a retired topology lets it go. */
    public void leave() {
        if (commands.decrementAndGet() == 0 && whenRetiredAndIdle != null) {
            finish();
        }
    }

    /** Marks the topology replaced: {@code release} runs once no command runs on it, now or when the last ends. */
    void retire(Runnable release) {
        whenRetiredAndIdle = release;
        finish();
    }

    private void finish() {
        if (commands.compareAndSet(0, -1)) {
            whenRetiredAndIdle.run();
        }
    }

    @Override
    public String toString() {
        return "topology " + generation + " (" + dataHosts.size() + " data hosts, " + dataNodes.all().size()
                + " data nodes)";
    }
}
