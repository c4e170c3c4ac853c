package io.tessera.admin;

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
}
