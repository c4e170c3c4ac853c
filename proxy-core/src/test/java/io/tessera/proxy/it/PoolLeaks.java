package io.tessera.proxy.it;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Tessera's pools against what the data hosts see: once the clients are done no connection is still lent, every
 * connection {@code show @@backend} lists is a thread of its server, as many as the pool counts
 * ({@code show @@datasource} IDLE), and the server has no other connection open but the heartbeat's.
 */
final class PoolLeaks {

    /** Server threads not in the pool: the heartbeat's own connection. */
    private static final int HEARTBEAT_CONNECTIONS = 1;

    private PoolLeaks() {
    }

    /**
     * Returns once nothing is lent and every server's connections are the pool's, with the numbers then (per data
     * source: ACTIVE, IDLE, BACKENDS, MISSING backends the server does not have, OTHER server threads); fails after
     * 20 s with what it last saw.
     */
    static List<Map<String, String>> awaitNoneLentOrLeaked(RunningTessera tessera, List<EmbeddedMariaDb> hosts)
            throws Exception {
        AdminRows.await(() -> snapshot(tessera, hosts), PoolLeaks::balanced);
        return snapshot(tessera, hosts);
    }

    private static List<Map<String, String>> snapshot(RunningTessera tessera, List<EmbeddedMariaDb> hosts)
            throws SQLException {
        List<Map<String, String>> backends = AdminRows.of(tessera.adminPort(), "show @@backend");
        List<Map<String, String>> rows = new ArrayList<>();
        for (Map<String, String> source : AdminRows.of(tessera.adminPort(), "show @@datasource")) {
            String port = source.get("PORT");
            EmbeddedMariaDb host = hosts.stream().filter(h -> port.equals(Integer.toString(h.port()))).findFirst()
                    .orElseThrow();
            Set<Long> pooled = new HashSet<>();
            backends.stream().filter(b -> port.equals(b.get("port"))).forEach(b -> pooled.add(Long.parseLong(
                    b.get("mysqlId"))));
            Set<Long> onServer = threads(host);
            Set<Long> missing = new HashSet<>(pooled);
            missing.removeAll(onServer);
            onServer.removeAll(pooled);
            rows.add(new TreeMap<>(Map.of("DATANODE", source.get("DATANODE"), "ACTIVE", source.get("ACTIVE"),
                    "IDLE", source.get("IDLE"), "BACKENDS", Integer.toString(pooled.size()),
                    "MISSING", Integer.toString(missing.size()), "OTHER", Integer.toString(onServer.size()))));
        }
        return rows;
    }

    private static boolean balanced(List<Map<String, String>> rows) {
        return rows.stream().allMatch(r -> r.get("ACTIVE").equals("0") && r.get("IDLE").equals(r.get("BACKENDS"))
                && r.get("MISSING").equals("0") && Integer.parseInt(r.get("OTHER")) <= HEARTBEAT_CONNECTIONS);
    }

    /** The ids of the server's client connections, but for the one asking. */
    private static Set<Long> threads(EmbeddedMariaDb host) throws SQLException {
        Set<Long> ids = new HashSet<>();
        try (Connection c = DataHosts.connectDirect(host, null);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST"
                        + " WHERE ID <> CONNECTION_ID() AND COMMAND NOT IN ('Daemon', 'Binlog Dump')")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }
}
