package io.tessera.proxy.topology;

import io.tessera.backend.host.DataHost;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The topology Tessera runs on now. A command enters it once when it starts ({@link #enter}) and leaves it when it
 * ends; a swap installs a new one whole, and the data hosts only the old one had drain once its last command is
 * done: statements in flight finish on the topology they started with.
 */
public final class TopologyHolder implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(TopologyHolder.class);

    private volatile Topology current;
    /** Every data host not let go yet: the current topology's, and replaced ones waiting for their commands. */
    private final Set<DataHost> open = Collections.newSetFromMap(new IdentityHashMap<>());

    public TopologyHolder(Topology initial) {
        this.current = initial;
        open.addAll(initial.dataHosts().values());
    }

    /** The current topology, to read (admin views); a command uses {@link #enter} instead. */
    public Topology current() {
        return current;
    }

    /** The current topology, entered for one command: the caller leaves it ({@link Topology#leave}) when it ends. */
    public Topology enter() {
        while (true) {
            Topology topology = current;
            if (topology.enter()) {
                return topology;
            }
            // retired and done between the read and the count: the next read sees its successor
        }
    }

    /**
     * Installs {@code next}. The data hosts of the replaced topology that {@code next} does not share drain (no more
     * borrowing; their connections close as they come back) once no command runs on the replaced one.
     *
     * @return the replaced topology
     */
    public synchronized Topology swap(Topology next) {
        Topology previous = current;
        current = next;
        Set<DataHost> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(next.dataHosts().values());
        open.addAll(kept);
        previous.retire(() -> {
            for (DataHost host : previous.dataHosts().values()) {
                if (!kept.contains(host)) {
                    LOG.info("data host {} of {} drains: {} replaced it", host.name(), previous, next);
                    host.drain();
                    letGo(host);
                }
            }
        });
        return previous;
    }

    private synchronized void letGo(DataHost host) {
        open.remove(host);
    }

    /** Closes every data host not let go yet, the current topology's and those still draining (Tessera stops). */
    @Override
    public synchronized void close() {
        open.forEach(DataHost::close);
        open.clear();
    }
}
