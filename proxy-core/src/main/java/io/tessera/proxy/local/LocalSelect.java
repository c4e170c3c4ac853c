package io.tessera.proxy.local;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.SelectedValue;
import io.tessera.router.parse.ParsedStatement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * SELECTs without FROM whose every item is a system variable or a session function ({@code DATABASE()},
 * {@code USER()}, {@code VERSION()}, {@code CONNECTION_ID()}, {@code LAST_INSERT_ID()}): what drivers and the
 * {@code mysql} client send while connecting. Values Tessera owns (version, autocommit, in_transaction, character
 * sets, packet size, isolation, last insert id) are answered here; any other variable is read from a data node that
 * carries the session's settings, so the answer is the data host's real value. Anything else is not answered here.
 */
public final class LocalSelect {

    /** {@code @@version_comment}: what the mysql client prints after the server version. */
    public static final String VERSION_COMMENT = "Tessera sharding proxy (MyCat 1.6 compatible)";

    private final String serverVersion;
    private final String versionComment;
    private final int maxPacketSize;
    private final Router router;
    private final Executor executor;

    public LocalSelect(String serverVersion, String versionComment, int maxPacketSize, Router router,
            Executor executor) {
        this.serverVersion = serverVersion;
        this.versionComment = versionComment;
        this.maxPacketSize = maxPacketSize;
        this.router = router;
        this.executor = executor;
    }

    /** Answers the statement and returns true, or returns false when it is not one of these SELECTs. */
    public boolean tryAnswer(ClientChannel client, ParsedStatement statement) {
        Optional<List<SelectedValue>> selected = LocalStatements.sessionValues(statement);
        if (selected.isEmpty()) {
            return false;
        }
        List<SelectedValue> items = selected.get();
        Session session = client.session();
        Map<String, String> values = new HashMap<>();
        Set<String> fromDataNode = new LinkedHashSet<>();
        for (SelectedValue item : items) {
            if (item.function()) {
                continue;
            }
            String local = ownedVariable(session, item.name());
            if (local != null || isOwnedNull(item.name())) {
                values.put(item.name(), local);
            } else {
                fromDataNode.add(item.name());
            }
        }
        if (fromDataNode.isEmpty()) {
            client.result(table(session, items, values));
            return true;
        }
        StringBuilder sql = new StringBuilder("SHOW SESSION VARIABLES WHERE Variable_name IN (");
        for (String name : fromDataNode) {
            sql.append(SqlLiterals.quote(backendName(name))).append(',');
        }
        sql.setCharAt(sql.length() - 1, ')');
        String node = router.nodeWithoutTables(new RouteContext(session.schema()));
        executor.query(client, node, sql.toString()).whenComplete(client.guard((result, error) -> {
            if (error != null) {
                answerWithoutDataNode(client, items, values, fromDataNode, error);
                return;
            }
            Map<String, String> found = new HashMap<>();
            for (List<String> row : result.rows()) {
                found.put(row.get(0).toLowerCase(Locale.ROOT), row.get(1));
            }
            for (String name : fromDataNode) {
                String key = backendName(name);
                if (!found.containsKey(key)) {
                    client.error(ErrorCode.UNKNOWN_SYSTEM_VARIABLE.exception(name));
                    return;
                }
                values.put(name, asSelected(name, found.get(key)));
            }
            client.result(table(session, items, values));
        }));
        return true;
    }

    /**
     * The data node is unreachable: a driver still has to get through its connection set-up, so the variables
     * drivers read at connect get MySQL 8's defaults; a query for any other variable gets the data node's error.
     */
    private void answerWithoutDataNode(ClientChannel client, List<SelectedValue> items, Map<String, String> values,
            Set<String> missing, Throwable error) {
        for (String name : missing) {
            if (!CONNECT_DEFAULTS.containsKey(name)) {
                client.error(error);
                return;
            }
            values.put(name, CONNECT_DEFAULTS.get(name));
        }
        client.result(table(client.session(), items, values));
    }

    /** Enumerations that have ON and OFF among other values: SELECT shows them as text too. */
    private static final Set<String> ON_OFF_ENUMS = Set.of("query_cache_type", "gtid_mode",
            "enforce_gtid_consistency", "event_scheduler", "session_track_transaction_info", "session_track_gtids",
            "transaction_write_set_extraction", "ssl_fips_mode");

    /** MySQL 8's defaults of what Connector/J and MariaDB Connector/J read while connecting. */
    private static final Map<String, String> CONNECT_DEFAULTS = Map.ofEntries(
            Map.entry("auto_increment_increment", "1"),
            Map.entry("character_set_server", "utf8mb4"),
            Map.entry("collation_server", "utf8mb4_general_ci"),
            Map.entry("init_connect", ""),
            Map.entry("interactive_timeout", "28800"),
            Map.entry("license", "GPL"),
            Map.entry("lower_case_table_names", "0"),
            Map.entry("net_write_timeout", "60"),
            Map.entry("performance_schema", "0"),
            Map.entry("query_cache_size", "0"),
            Map.entry("query_cache_type", "OFF"),
            Map.entry("sql_mode", "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
                    + "ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"),
            Map.entry("system_time_zone", "UTC"),
            Map.entry("time_zone", "SYSTEM"),
            Map.entry("transaction_isolation", "REPEATABLE-READ"),
            Map.entry("tx_isolation", "REPEATABLE-READ"),
            Map.entry("wait_timeout", "28800"));

    private ResultTable table(Session session, List<SelectedValue> items, Map<String, String> values) {
        Object[] row = new Object[items.size()];
        ResultTable.Builder table = ResultTable.builder();
        for (int i = 0; i < items.size(); i++) {
            SelectedValue item = items.get(i);
            String value = item.function() ? function(session, item.name()) : values.get(item.name());
            row[i] = value;
            table.column(Results.columnFor(item.label(), value));
        }
        return table.row(row).build();
    }

    /** Values Tessera itself is the authority for; null when the data host should answer. */
    private String ownedVariable(Session session, String name) {
        return switch (name) {
            case "version_comment" -> versionComment;
            case "version" -> serverVersion;
            case "autocommit" -> session.autocommit() ? "1" : "0";
            case "in_transaction" -> session.transactionOpen() ? "1" : "0"; // a data node sees only its part
            case "max_allowed_packet" -> Integer.toString(maxPacketSize);
            case "character_set_client", "character_set_connection", "character_set_results",
                    "collation_connection" -> SqlLiterals.value(session.variables().get(name));
            case "tx_isolation", "transaction_isolation" -> session.isolation();
            case "tx_read_only", "transaction_read_only" -> "1".equals(session.variables().get("tx_read_only"))
                    ? "1" : "0";
            case "last_insert_id", "identity" -> Long.toString(session.lastInsertId());
            case "warning_count" -> Integer.toString(session.warningCount());
            case "error_count" -> "0";
            default -> null;
        };
    }

    /** Owned variables whose value may be NULL (character_set_results after SET ... = NULL). */
    private static boolean isOwnedNull(String name) {
        return name.equals("character_set_results");
    }

    /**
     * SHOW VARIABLES prints a boolean as ON or OFF, but {@code SELECT @@foreign_key_checks} answers 1 or 0, and
     * clients read it as a number (Flyway's MySQL support calls {@code getInt}: "Cannot determine value type from
     * string 'ON'").
     */
    private static String asSelected(String name, String shown) {
        if (shown == null || ON_OFF_ENUMS.contains(name)) {
            return shown;
        }
        return switch (shown) {
            case "ON" -> "1";
            case "OFF" -> "0";
            default -> shown;
        };
    }

    /** MariaDB before 11.1 knows isolation only as tx_isolation. */
    private static String backendName(String name) {
        return name.equals("transaction_isolation") ? "tx_isolation" : name;
    }

    private String function(Session session, String name) {
        return switch (name) {
            case "database", "schema" -> session.schema();
            case "user", "session_user", "system_user" -> session.userName() + "@" + session.remoteHost();
            case "current_user" -> session.userName() + "@%";
            case "version" -> serverVersion;
            case "connection_id" -> Long.toString(session.connectionId());
            case "last_insert_id" -> Long.toString(session.lastInsertId());
            case "row_count" -> Long.toString(session.rowCount());
            case "found_rows" -> Long.toString(session.foundRows());
            default -> throw new IllegalStateException("not a local function: " + name);
        };
    }
}
