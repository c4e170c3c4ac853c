package io.tessera.backend.pool;

import io.tessera.backend.mysql.BackendTls;
import io.tessera.backend.mysql.ConnectOptions;
import java.util.List;
import java.util.Objects;

/**
 * One server's settings: how to reach it (a {@code <writeHost>} or {@code <readHost>} of schema.xml), and its pool
 * and heartbeat as its {@code <dataHost>} and server.xml give them. Validated here; nothing is silently corrected.
 *
 * @param name the name of the server's data host, used with the address in every error and log line
 * @param host the address of the MySQL server
 * @param password the password in clear ({@code null} reads as empty); masked by {@link #toString()}
 * @param minCon connections opened at start and kept open
 * @param maxCon the most connections open at once, those being opened included
 * @param maxWaitMillis how long a borrower waits for a connection before it gets an error
 * @param idleTimeoutMillis idle connections older than this are closed, down to {@code minCon}
 * @param idleCheckPeriodMillis how often idle connections are pinged and aged
 * @param heartbeatSql the {@code <heartbeat>} statement, e.g. {@code select user()}; empty disables the heartbeat
 * @param heartbeatPeriodMillis how often the heartbeat runs
 * @param connectionInitSql statements run once on every new connection, in order
 * @param maxPacketSize the largest packet Tessera accepts from the server, announced at login
 * @param jdbcUrl for a server of a {@code dbDriver="jdbc"} data host its JDBC URL, reached through a JDBC driver
 *     ({@code host} and {@code port} are then what the URL names, for display); {@code null} for the native client
 * @param tls TLS for the native client ({@link BackendTls#DISABLED} for plain TCP); a JDBC URL carries its own
 */
public record ServerSettings(String name, String host, int port, String user, String password,
        int minCon, int maxCon, long maxWaitMillis, long idleTimeoutMillis, long idleCheckPeriodMillis,
        String heartbeatSql, long heartbeatPeriodMillis, List<String> connectionInitSql, int maxPacketSize,
        String jdbcUrl, BackendTls tls) {

    /** How long TCP connect plus login may take. */
    public static final long CONNECT_TIMEOUT_MILLIS = 10_000;

    public ServerSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(tls, "tls");
        password = password == null ? "" : password;
        heartbeatSql = heartbeatSql == null ? "" : heartbeatSql.strip();
        connectionInitSql = connectionInitSql == null ? List.of() : List.copyOf(connectionInitSql);
        check(!name.isBlank(), "name", "'" + name + "'", "not blank");
        if (jdbcUrl == null) {
            check(!host.isBlank(), "host", "'" + host + "'", "not blank");
            check(port >= 1 && port <= 0xFFFF, "port", port, "1..65535");
        } else {
            check(jdbcUrl.startsWith("jdbc:"), "jdbcUrl", "'" + jdbcUrl + "'", "jdbc:...");
            check(!tls.enabled(), "tls", tls, "DISABLED (a JDBC URL carries the driver's own TLS options)");
        }
        check(minCon >= 0, "minCon", minCon, ">= 0");
        check(maxCon >= 1, "maxCon", maxCon, ">= 1");
        check(minCon <= maxCon, "minCon", minCon, "<= maxCon " + maxCon);
        check(maxWaitMillis >= 0, "maxWaitMillis", maxWaitMillis, ">= 0");
        check(idleTimeoutMillis >= 1, "idleTimeoutMillis", idleTimeoutMillis, ">= 1");
        check(idleCheckPeriodMillis >= 1, "idleCheckPeriodMillis", idleCheckPeriodMillis, ">= 1");
        check(heartbeatPeriodMillis >= 1, "heartbeatPeriodMillis", heartbeatPeriodMillis, ">= 1");
        check(maxPacketSize >= 1, "maxPacketSize", maxPacketSize, ">= 1");
    }

    /** A server reached with Tessera's own client. */
    public ServerSettings(String name, String host, int port, String user, String password, int minCon, int maxCon,
            long maxWaitMillis, long idleTimeoutMillis, long idleCheckPeriodMillis, String heartbeatSql,
            long heartbeatPeriodMillis, List<String> connectionInitSql, int maxPacketSize) {
        this(name, host, port, user, password, minCon, maxCon, maxWaitMillis, idleTimeoutMillis,
                idleCheckPeriodMillis, heartbeatSql, heartbeatPeriodMillis, connectionInitSql, maxPacketSize, null,
                BackendTls.DISABLED);
    }

    /** Whether the server is reached through a JDBC driver ({@code dbDriver="jdbc"}). */
    public boolean isJdbc() {
        return jdbcUrl != null;
    }

    /** How the native client reaches and logs in to the server. */
    public ConnectOptions connectOptions() {
        return new ConnectOptions(name, host, port, user, password, connectionInitSql, maxPacketSize,
                CONNECT_TIMEOUT_MILLIS, tls);
    }

    /**
     * "data host host1 (127.0.0.1:3306)"; for JDBC "data host host1 (jdbc:postgresql://127.0.0.1:5432/test)", the
     * URL without its parameters, which may hold a password.
     */
    public String describe() {
        if (jdbcUrl != null) {
            int query = jdbcUrl.indexOf('?');
            return "data host " + name + " (" + (query < 0 ? jdbcUrl : jdbcUrl.substring(0, query)) + ")";
        }
        return "data host " + name + " (" + host + ":" + port + ")";
    }

    @Override
    public String toString() {
        return "ServerSettings[name=" + name + ", host=" + host + ", port=" + port + ", user=" + user
                + ", password=" + (password.isEmpty() ? "" : "****") + ", minCon=" + minCon + ", maxCon=" + maxCon
                + ", maxWaitMillis=" + maxWaitMillis + ", idleTimeoutMillis=" + idleTimeoutMillis
                + ", idleCheckPeriodMillis=" + idleCheckPeriodMillis + ", heartbeatSql=" + heartbeatSql
                + ", heartbeatPeriodMillis=" + heartbeatPeriodMillis + ", connectionInitSql=" + connectionInitSql
                + ", maxPacketSize=" + maxPacketSize + (jdbcUrl == null ? "" : ", jdbcUrl=" + describe())
                + (tls.enabled() ? ", tls=" + tls : "") + "]";
    }

    private static void check(boolean ok, String name, Object value, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: " + expected + ")");
        }
    }
}
