package io.tessera.admin;

import java.util.List;
import java.util.Optional;

/** One physical MySQL server of a data host: a {@code <writeHost>} or a {@code <readHost>}, with its pool. */
public interface DataSourceView {

    /** The source's {@code host} attribute in schema.xml, e.g. {@code hostM1} (show @@datasource NAME). */
    String name();

    /** The server's address from the {@code url} attribute, as configured: an IP or a host name. */
    String host();

    /** The server's TCP port from the {@code url} attribute. */
    int port();

    /** The data host's {@code dbType} attribute, e.g. {@code mysql}. */
    String dbType();

    /** True for a {@code <readHost>}, false for a {@code <writeHost>} (show @@datasource W/R). */
    boolean isReadHost();

    /** The pool's counters, read once, so that one row is consistent. */
    PoolStats poolStats();

    /** The heartbeat's state, read once, so that one row is consistent. */
    HeartbeatStatus heartbeat();

    /**
     * The heartbeats it answered in the last 30 minutes, oldest first ({@code show @@heartbeat.detail}). Default: none,
     * as for a source without a heartbeat.
     */
    default List<HeartbeatSample> heartbeatSamples() {
        return List.of();
    }

    /**
     * The {@code show slave status} row of its last heartbeat answer, when its data host's heartbeat reads replication
     * ({@code switchType="2"}) and it replicates. Default: empty, as for a source whose heartbeat reads none.
     */
    default Optional<ReplicaStatusView> replicaStatus() {
        return Optional.empty();
    }
}
