package io.tessera.proxy.local;

import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.SetItem;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code SET}: session variables become part of the session and are brought onto every backend connection the
 * session uses. {@code SET NAMES}, character sets and {@code autocommit} are decided here; any other system
 * variable is first put on a data node, so the data host accepts or rejects the value as MySQL would.
 * Expressions ({@code CONCAT(@@sql_mode, ...)}) are evaluated on a data node carrying the session's settings and
 * kept as their value. {@code SET GLOBAL} is refused: set it on the data hosts.
 */
public final class SetStatement {

    private final Router router;
    private final Executor executor;

    public SetStatement(Router router, Executor executor) {
        this.router = router;
        this.executor = executor;
    }

    /** One {@code name = value}: a literal ready to store, or an expression to evaluate first. */
    private record Assignment(String name, String literal, String expression, boolean reset) {
    }

    public void handle(ClientChannel client, ParsedStatement statement) {
        Session session = client.session();
        List<Assignment> assignments = new ArrayList<>();
        boolean checkOnDataNode = false;
        boolean commitOpenTransaction = false; // SET autocommit = 1 commits, as in MySQL
        try {
            for (SetItem item : LocalStatements.setItems(statement)) {
                if (item.refusal() != null) {
                    throw item.refusal();
                }
                String target = item.target();
                if (target.equals("names") || target.equals("character set") || target.equals("charset")) {
                    useCharset(session, item);
                    continue;
                }
                if (target.equals("autocommit") && item.kind().literal()) {
                    boolean on = parseSwitch(target, item);
                    commitOpenTransaction |= on && !session.autocommit() && session.transaction().hasParticipants();
                    session.autocommit(on);
                    continue;
                }
                if (target.equals("xa") && item.kind().literal()) {
                    setXa(session, parseSwitch(target, item));
                    continue;
                }
                if (CHARSET_VARIABLES.contains(target) && item.kind().literal()) {
                    setCharsetVariable(session, target, item);
                    continue;
                }
                if (!statement.tables().isEmpty()) {
                    throw RouteException.notSupported("SET with a subquery is not supported: "
                            + "run the query first and set the value");
                }
                if (item.kind() == SetItem.Kind.DEFAULT) {
                    assignments.add(new Assignment(target, null, null, true));
                } else if (item.kind().literal()) {
                    assignments.add(new Assignment(target, item.sql(), null, false));
                } else {
                    assignments.add(new Assignment(target, null, item.sql(), false));
                }
                checkOnDataNode |= !target.startsWith("@");
            }
        } catch (TesseraException e) {
            client.error(e);
            return;
        }
        if (commitOpenTransaction) {
            boolean check = checkOnDataNode;
            executor.endTransaction(client, true).whenComplete(client.guard((ignored, error) -> {
                if (error != null) {
                    client.error(error);
                } else {
                    evaluateAndApply(client, assignments, check);
                }
            }));
            return;
        }
        evaluateAndApply(client, assignments, checkOnDataNode);
    }

    private void evaluateAndApply(ClientChannel client, List<Assignment> assignments, boolean checkOnDataNode) {
        Session session = client.session();
        List<Assignment> expressions = assignments.stream().filter(a -> a.expression() != null).toList();
        if (expressions.isEmpty()) {
            apply(client, assignments, Map.of(), checkOnDataNode);
            return;
        }
        StringBuilder sql = new StringBuilder("SELECT ");
        for (Assignment a : expressions) {
            sql.append(a.expression()).append(',');
        }
        sql.setLength(sql.length() - 1);
        String node = router.nodeWithoutTables(new RouteContext(session.schema()));
        executor.query(client, node, sql.toString()).whenComplete(client.guard((result, error) -> {
            if (error != null) {
                client.error(error);
                return;
            }
            Map<String, String> evaluated = new HashMap<>();
            List<String> row = result.rows().get(0);
            for (int i = 0; i < expressions.size(); i++) {
                evaluated.put(expressions.get(i).name(), SqlLiterals.literal(row.get(i)));
            }
            apply(client, assignments, evaluated, true);
        }));
    }

    private void apply(ClientChannel client, List<Assignment> assignments, Map<String, String> evaluated,
            boolean checkOnDataNode) {
        Session session = client.session();
        Map<String, String> previous = new HashMap<>(session.variables().asMap());
        for (Assignment a : assignments) {
            if (a.reset()) {
                session.variables().remove(a.name());
            } else {
                session.variables().set(a.name(), a.literal() != null ? a.literal() : evaluated.get(a.name()));
            }
        }
        if (!checkOnDataNode) {
            client.ok();
            return;
        }
        String node = router.nodeWithoutTables(new RouteContext(session.schema()));
        executor.sync(client, node).whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                session.variables().clear();
                previous.forEach(session.variables()::set);
                client.error(error);
            } else {
                client.ok();
            }
        }));
    }

    /** Character set variables Tessera checks itself (drivers set them while connecting, data node or not). */
    private static final java.util.Set<String> CHARSET_VARIABLES = java.util.Set.of("character_set_client",
            "character_set_connection", "character_set_results", "collation_connection");

    private static void setCharsetVariable(Session session, String name, SetItem value) {
        String text = SqlLiterals.value(value.sql());
        if (text == null || value.kind() == SetItem.Kind.NULL) {
            if (!name.equals("character_set_results")) {
                throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, "NULL");
            }
            session.variables().set(name, "NULL"); // results are sent as stored, without conversion
            return;
        }
        String normalized = SqlNames.normalize(text);
        Collation collation = name.equals("collation_connection")
                ? Collations.byName(normalized).orElseThrow(() -> ErrorCode.UNKNOWN_COLLATION.exception(normalized))
                : Collations.defaultOf(normalized)
                        .orElseThrow(() -> ErrorCode.UNKNOWN_CHARACTER_SET.exception(normalized));
        session.variables().set(name, SqlLiterals.quote(name.equals("collation_connection")
                ? collation.name() : collation.charsetName()));
        if (name.equals("character_set_client")) {
            session.clientCharset(collation.javaCharset());
        }
    }

    private static void useCharset(Session session, SetItem value) {
        String charsetName = value.charset();
        if (charsetName == null) {
            throw ErrorCode.UNKNOWN_CHARACTER_SET.exception(value.sql());
        }
        String collate = value.collation();
        Collation collation = collate == null
                ? Collations.defaultOf(charsetName)
                        .orElseThrow(() -> ErrorCode.UNKNOWN_CHARACTER_SET.exception(charsetName))
                : Collations.byName(collate).orElseThrow(() -> ErrorCode.UNKNOWN_COLLATION.exception(collate));
        session.useCharset(collation);
    }

    /** MyCat's {@code SET XA = ON | OFF}: the switch applies from the next transaction on. */
    private static void setXa(Session session, boolean on) {
        if (on != session.xa() && session.transaction().hasParticipants()) {
            throw RouteException.notSupported("SET XA cannot change while a transaction is open: COMMIT or ROLLBACK"
                    + " first");
        }
        session.xa(on);
    }

    private static boolean parseSwitch(String name, SetItem value) {
        String literal = SqlLiterals.value(value.sql());
        if (literal == null) {
            throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, "NULL"); // MySQL: 1231, can't be set to 'NULL'
        }
        String text = literal.toUpperCase(Locale.ROOT);
        return switch (text) {
            case "1", "ON", "TRUE" -> true;
            case "0", "OFF", "FALSE" -> false;
            default -> throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, text);
        };
    }
}
