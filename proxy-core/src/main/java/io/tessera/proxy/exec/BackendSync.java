package io.tessera.proxy.exec;

import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings a session's variables onto a pooled backend connection before the session's statement runs on it.
 * Each connection remembers what was applied to it; only the differences are sent, and variables an earlier
 * borrower set that this session did not are put back (system variables to the login baseline or {@code DEFAULT},
 * user variables to {@code NULL}). Two sessions with different settings sharing a pool therefore each see their own.
 *
 * <p>Character sets change first, in a {@code SET} of their own, and the connection is told
 * ({@link BackendConnection#characterSets}): the other values are then sent, as the session's statements are, in
 * the session's character set, and read back in it.
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

    private static final Set<String> CHARSET_VARIABLES = Set.of("character_set_client", "character_set_connection",
            "character_set_results", "collation_connection");

    private static final String SELECT_LIMIT = "sql_select_limit";
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    private static final CompletableFuture<Void> IN_SYNC = CompletableFuture.completedFuture(null);

    private BackendSync() {
    }

    /**
     * Sends what differs, if anything; completes when the connection matches the session, with its
     * {@code sql_select_limit} or ({@code selectLimit} false) without.
     */
    static CompletableFuture<Void> apply(Session session, BackendConnection connection, boolean selectLimit) {
        Map<String, String> applied = applied(connection);
        Map<String, String> wanted = session.variables().asMap();
        if (!selectLimit && wanted.containsKey(SELECT_LIMIT)) {
            wanted = new HashMap<>(wanted);
            wanted.remove(SELECT_LIMIT);
        }
        Map<String, String> charsets = null;
        Map<String, String> others = null;
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            if (!e.getValue().equals(current(applied, e.getKey()))) {
                if (CHARSET_VARIABLES.contains(e.getKey())) {
                    charsets = put(charsets, e.getKey(), e.getValue());
                } else {
                    others = put(others, e.getKey(), e.getValue());
                }
            }
        }
        for (String name : applied.keySet()) {
            if (!wanted.containsKey(name)) {
                String reset = baseline(name);
                if (CHARSET_VARIABLES.contains(name)) {
                    charsets = put(charsets, name, reset);
                } else {
                    others = put(others, name, reset);
                }
            }
        }
        if (charsets == null && others == null) {
            return IN_SYNC; // the common case: nothing to send, nothing allocated
        }
        if (!connection.speaksMysql()) {
            return applyWithoutSql(session, connection, charsets, others);
        }
        CompletableFuture<Void> chain = IN_SYNC;
        if (charsets != null) {
            Map<String, String> change = charsets;
            Charset client = charset(session, "character_set_client"); // read here: the session is its loop's
            Charset results = charset(session, "character_set_results");
            chain = set(connection, change).thenRun(() -> connection.characterSets(client, results));
        }
        if (others != null) {
            Map<String, String> change = others;
            chain = chain.thenCompose(ignored -> set(connection, change));
        }
        return chain;
    }

    /**
     * A JDBC data host of another database takes no MySQL {@code SET}: the character sets only change how Tessera
     * encodes its text, autocommit switches over JDBC, and any other variable fails the statement (1235) rather than
     * let it run without the setting.
     */
    private static CompletableFuture<Void> applyWithoutSql(Session session, BackendConnection connection,
            Map<String, String> charsets, Map<String, String> others) {
        Map<String, String> change = new LinkedHashMap<>();
        CompletableFuture<Void> chain = IN_SYNC;
        if (charsets != null) {
            connection.characterSets(charset(session, "character_set_client"),
                    charset(session, "character_set_results"));
            change.putAll(charsets);
        }
        if (others != null) {
            for (Map.Entry<String, String> e : others.entrySet()) {
                if (!e.getKey().equals("autocommit")) {
                    return CompletableFuture.failedFuture(new TesseraException(ErrorCode.NOT_SUPPORTED_YET,
                            connection.dataHost() + ": the session variable " + e.getKey() + " cannot be set on a"
                                    + " data host that is not MySQL"));
                }
                String value = String.valueOf(SqlLiterals.value(e.getValue()));
                boolean on = !value.equals("0") && !value.equalsIgnoreCase("OFF");
                chain = chain.thenCompose(ignored -> connection.autocommit(on));
            }
            change.putAll(others);
        }
        return chain.thenRun(() -> {
            Map<String, String> next = new HashMap<>(applied(connection));
            change.forEach((name, literal) -> {
                if (literal.equals(baseline(name))) {
                    next.remove(name);
                } else {
                    next.put(name, literal);
                }
            });
            connection.attr(APPLIED).set(next);
        });
    }

    /** After COM_RESET_CONNECTION the connection is back at the login baseline. */
    static void forget(BackendConnection connection) {
        connection.attr(APPLIED).set(null);
    }

    /**
     * One {@code SET} of {@code change}; once the data host has taken it, the connection's record of what it has is
     * updated (never ahead of the server, so a failed SET is sent again to the next borrower).
     */
    private static CompletableFuture<Void> set(BackendConnection connection, Map<String, String> change) {
        StringBuilder sql = new StringBuilder("SET ");
        change.forEach((name, literal) -> sql.append(sql.length() > 4 ? ", " : "")
                .append(name.startsWith("@") ? name : "@@session." + onServer(name, connection.serverVersion()))
                .append(" = ").append(literal));
        return connection.query(sql.toString()).thenAccept(result -> {
            Map<String, String> next = new HashMap<>(applied(connection));
            change.forEach((name, literal) -> {
                if (literal.equals(baseline(name))) {
                    next.remove(name);
                } else {
                    next.put(name, literal);
                }
            });
            connection.attr(APPLIED).set(next);
        });
    }

    /**
     * The name a data host knows a session variable by. MySQL knows the transaction variables as
     * {@code transaction_isolation} and {@code transaction_read_only} from 5.7.20 on, and only so from 8.0; MariaDB
     * knows them as {@code tx_isolation} and {@code tx_read_only}, the names the session keeps them under.
     */
    static String onServer(String name, String serverVersion) {
        if (!name.startsWith("tx_") || serverVersion.contains("MariaDB") || !atLeast5720(serverVersion)) {
            return name;
        }
        return name.equals("tx_isolation") ? "transaction_isolation"
                : name.equals("tx_read_only") ? "transaction_read_only" : name;
    }

    /** Whether {@code major.minor.patch...} is 5.7.20 or later. */
    private static boolean atLeast5720(String version) {
        Matcher m = VERSION.matcher(version);
        if (!m.lookingAt()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int patch = Integer.parseInt(m.group(3));
        return major > 5 || major == 5 && (minor > 7 || minor == 7 && patch >= 20);
    }

    /** What the connection has for {@code name}: what was applied, else what it had after login. */
    private static String current(Map<String, String> applied, String name) {
        String literal = applied.get(name);
        return literal != null ? literal : baseline(name);
    }

    /** A variable's value right after login: NULL for user variables, the server's default for the rest. */
    private static String baseline(String name) {
        return name.startsWith("@") ? "NULL" : LOGIN_BASELINE.getOrDefault(name, "DEFAULT");
    }

    /** The Java charset of one of the session's character set variables; UTF-8 when unset or NULL (no conversion). */
    private static Charset charset(Session session, String variable) {
        String literal = session.variables().get(variable);
        String name = literal == null ? null : SqlLiterals.value(literal);
        return name == null ? StandardCharsets.UTF_8
                : Collations.defaultOf(name).map(Collation::javaCharset).orElse(StandardCharsets.UTF_8);
    }

    /** What was applied to {@code connection} beyond its login baseline, by variable name; never null. */
    static Map<String, String> applied(BackendConnection connection) {
        Map<String, String> applied = connection.attr(APPLIED).get();
        return applied == null ? Map.of() : applied;
    }

    private static Map<String, String> put(Map<String, String> change, String name, String literal) {
        Map<String, String> map = change == null ? new LinkedHashMap<>() : change;
        map.put(name, literal);
        return map;
    }
}
