package io.tessera.proxy.exec;

import io.netty.util.AttributeKey;
import io.tessera.backend.mysql.BackendConnection;
import io.tessera.proxy.session.Session;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Brings a session's variables onto a pooled backend connection before the session's statement runs on it.
 * Each connection remembers what was applied to it; only the differences are sent, in one {@code SET}, and
 * variables an earlier borrower set that this session did not are put back (system variables to the login
 * baseline or {@code DEFAULT}, user variables to {@code NULL}). Two sessions with different settings sharing a
 * pool therefore each see their own.
 */
final class BackendSync {

    private static final AttributeKey<Map<String, String>> APPLIED = AttributeKey.valueOf("tessera.applied");

    /** What a connection has right after login (utf8mb4, autocommit on); a reset returns to these. */
    private static final Map<String, String> LOGIN_BASELINE = Map.of(
            "character_set_client", "'utf8mb4'",
            "character_set_connection", "'utf8mb4'",
            "character_set_results", "'utf8mb4'",
            "collation_connection", "'utf8mb4_general_ci'",
            "autocommit", "1");

    private static final CompletableFuture<Void> IN_SYNC = CompletableFuture.completedFuture(null);

    private BackendSync() {
    }

    /** Sends what differs, if anything; completes when the connection matches the session. */
    static CompletableFuture<Void> apply(Session session, BackendConnection connection) {
        Map<String, String> applied = applied(connection);
        Map<String, String> wanted = session.variables().asMap();
        StringBuilder sql = null;
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            if (!e.getValue().equals(applied.getOrDefault(e.getKey(), LOGIN_BASELINE.get(e.getKey())))) {
                sql = append(sql, e.getKey(), e.getValue());
            }
        }
        for (String name : applied.keySet()) {
            if (!wanted.containsKey(name)) {
                sql = append(sql, name, name.startsWith("@") ? "NULL" : LOGIN_BASELINE.getOrDefault(name, "DEFAULT"));
            }
        }
        if (sql == null) {
            return IN_SYNC; // the common case: nothing to send, nothing allocated
        }
        Map<String, String> next = new HashMap<>(wanted);
        return connection.query(sql.toString()).thenAccept(result -> connection.channel().attr(APPLIED).set(next));
    }

    private static Map<String, String> applied(BackendConnection connection) {
        Map<String, String> applied = connection.channel().attr(APPLIED).get();
        return applied == null ? Map.of() : applied;
    }

    private static StringBuilder append(StringBuilder sql, String name, String literal) {
        StringBuilder sb = sql == null ? new StringBuilder("SET ") : sql.append(", ");
        return sb.append(name.startsWith("@") ? name : "@@session." + name).append(" = ").append(literal);
    }
}
