package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLBooleanExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLDefaultExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLMethodInvokeExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumberExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.expr.SQLVariantRefExpr;
import com.alibaba.druid.sql.ast.statement.SQLAssignItem;
import com.alibaba.druid.sql.ast.statement.SQLReleaseSavePointStatement;
import com.alibaba.druid.sql.ast.statement.SQLRollbackStatement;
import com.alibaba.druid.sql.ast.statement.SQLSavePointStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLSetStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowGrantsStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowProcessListStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowTablesStatement;
import com.alibaba.druid.sql.ast.statement.SQLStartTransactionStatement;
import com.alibaba.druid.sql.ast.statement.SQLUseStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.expr.MySqlCharExpr;
import com.alibaba.druid.sql.dialect.mysql.ast.expr.MySqlUserName;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlKillStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSetTransactionStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlUnlockTablesStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the statements Tessera answers itself ({@link StatementType#SET}, {@code USE}, {@code SHOW TABLES},
 * {@code SHOW GRANTS}, {@code SHOW PROCESSLIST}, {@code SHOW STATUS}, {@code KILL}, transaction control, FROM-less
 * SELECTs of session values) into plain values, so that the code that answers them needs no Druid type. Each reader
 * takes a statement of the type it names, as {@link io.tessera.router.parse.SqlParser} classified it. Stateless.
 */
public final class LocalStatements {

    private LocalStatements() {
    }

    /**
     * The items of a {@link StatementType#SET}, in order. Reading stops at the first refused item, which is then the
     * last one.
     */
    public static List<SetItem> setItems(ParsedStatement statement) {
        List<SQLAssignItem> assignments = ((SQLSetStatement) statement.ast()).getItems();
        List<SetItem> items = new ArrayList<>(assignments.size());
        for (SQLAssignItem assignment : assignments) {
            String target;
            try {
                target = targetName(assignment.getTarget());
            } catch (RouteException e) {
                items.add(SetItem.refused(e));
                break;
            }
            SQLExpr value = assignment.getValue();
            String charset = null;
            String collation = null;
            if (target.equals("names") || target.equals("character set") || target.equals("charset")) {
                String charsetText = null;
                if (value instanceof MySqlCharExpr c) {
                    charsetText = c.getText();
                    collation = c.getCollate() == null ? null : SQLUtils.normalize(c.getCollate());
                } else if (value instanceof SQLCharExpr c) {
                    charsetText = c.getText();
                } else if (value instanceof SQLIdentifierExpr id) {
                    charsetText = id.getName();
                } else if (value instanceof SQLDefaultExpr) {
                    charsetText = "utf8mb4";
                }
                charset = charsetText == null ? null : SQLUtils.normalize(charsetText);
            }
            items.add(new SetItem(target, kindOf(value), SQLUtils.toMySqlString(value), charset, collation, null));
        }
        return items;
    }

    private static SetItem.Kind kindOf(SQLExpr value) {
        if (value instanceof SQLDefaultExpr) {
            return SetItem.Kind.DEFAULT;
        }
        if (value instanceof SQLNullExpr) {
            return SetItem.Kind.NULL;
        }
        return value instanceof SQLCharExpr || value instanceof SQLIntegerExpr || value instanceof SQLNumberExpr
                || value instanceof SQLBooleanExpr || value instanceof SQLIdentifierExpr
                ? SetItem.Kind.LITERAL : SetItem.Kind.EXPRESSION;
    }

    /**
     * The variable a SET item assigns: system variables lower-case without scope ({@code sql_mode}), user
     * variables with their {@code @}, and the pseudo-targets {@code names} / {@code character set}.
     */
    private static String targetName(SQLExpr target) {
        String name;
        if (target instanceof SQLPropertyExpr prop && prop.getOwner() instanceof SQLVariantRefExpr owner) {
            String scope = owner.getName().toLowerCase(Locale.ROOT);
            if (scope.equals("@@global")) {
                throw globalRefused();
            }
            name = prop.getName();
        } else if (target instanceof SQLVariantRefExpr ref) {
            if (ref.isGlobal()) {
                throw globalRefused();
            }
            name = ref.getName();
            if (name.startsWith("@@")) {
                name = name.substring(2);
            } else if (name.startsWith("@")) {
                return "@" + SQLUtils.normalize(name.substring(1));
            }
        } else if (target instanceof SQLIdentifierExpr id) {
            name = id.getName();
        } else {
            throw RouteException.notSupported("SET target " + target + " is not supported");
        }
        return SQLUtils.normalize(name).toLowerCase(Locale.ROOT);
    }

    private static RouteException globalRefused() {
        return RouteException.notSupported("SET GLOBAL is not supported through Tessera: set it on each data host");
    }

    private static final Set<String> FUNCTIONS = Set.of("database", "schema", "user", "session_user",
            "system_user", "current_user", "version", "connection_id", "last_insert_id", "row_count", "found_rows");

    /**
     * The items of a SELECT without FROM, WHERE, GROUP BY, ORDER BY, FOR UPDATE and INTO whose every item is a
     * session variable ({@code @@x}, {@code @@session.x}, {@code @@local.x}) or a session function without arguments
     * ({@code DATABASE()}, {@code USER()}, {@code VERSION()}, {@code CONNECTION_ID()}, {@code LAST_INSERT_ID()},
     * ...); empty for any other statement.
     */
    public static Optional<List<SelectedValue>> sessionValues(ParsedStatement statement) {
        if (!(statement.ast() instanceof SQLSelectStatement select)
                || !(select.getSelect().getQuery() instanceof SQLSelectQueryBlock block)
                || block.getFrom() != null || block.getWhere() != null || block.getGroupBy() != null
                || block.getOrderBy() != null || block.isForUpdate() || block.getInto() != null) {
            return Optional.empty();
        }
        List<SelectedValue> items = new ArrayList<>(block.getSelectList().size());
        for (SQLSelectItem selectItem : block.getSelectList()) {
            SQLExpr expr = selectItem.getExpr();
            String label = selectItem.getAlias() != null
                    ? SQLUtils.normalize(selectItem.getAlias()) : SQLUtils.toMySqlString(expr);
            String variable = sessionVariableName(expr);
            if (variable != null) {
                items.add(new SelectedValue(label, variable, false));
            } else if (expr instanceof SQLMethodInvokeExpr call && call.getArguments().isEmpty()
                    && call.getOwner() == null
                    && FUNCTIONS.contains(call.getMethodName().toLowerCase(Locale.ROOT))) {
                items.add(new SelectedValue(label, call.getMethodName().toLowerCase(Locale.ROOT), true));
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(items);
    }

    /** {@code @@x}, {@code @@session.x}, {@code @@local.x} as {@code x}; null for globals, user variables, others. */
    private static String sessionVariableName(SQLExpr expr) {
        if (expr instanceof SQLVariantRefExpr ref && ref.getName().startsWith("@@") && !ref.isGlobal()) {
            String name = ref.getName().substring(2).toLowerCase(Locale.ROOT);
            if (name.startsWith("session.") || name.startsWith("local.")) {
                name = name.substring(name.indexOf('.') + 1);
            }
            return name.startsWith("global.") ? null : SQLUtils.normalize(name);
        }
        if (expr instanceof SQLPropertyExpr prop && prop.getOwner() instanceof SQLVariantRefExpr owner) {
            String scope = owner.getName().toLowerCase(Locale.ROOT);
            if (scope.equals("@@session") || scope.equals("@@local")) {
                return SQLUtils.normalize(prop.getName()).toLowerCase(Locale.ROOT);
            }
        }
        return null;
    }

    /** Whether a {@link StatementType#LOCK} is {@code UNLOCK TABLES}. */
    public static boolean unlocksTables(ParsedStatement statement) {
        return statement.ast() instanceof MySqlUnlockTablesStatement;
    }

    /** A {@link StatementType#SHOW_TABLES}. */
    public static ShowTables showTables(ParsedStatement statement) {
        SQLShowTablesStatement show = (SQLShowTablesStatement) statement.ast();
        String schema = show.getDatabase() != null ? SQLUtils.normalize(show.getDatabase().getSimpleName()) : null;
        SQLExpr like = show.getLike();
        String pattern = like == null ? null
                : like instanceof SQLCharExpr c ? c.getText() : SQLUtils.toMySqlString(like);
        return new ShowTables(schema, show.isFull(), pattern, show.getWhere() != null);
    }

    /** A {@link StatementType#SHOW_GRANTS}. */
    public static ShowGrants showGrants(ParsedStatement statement) {
        SQLShowGrantsStatement show = (SQLShowGrantsStatement) statement.ast();
        if (show.getOn() != null) {
            throw RouteException.syntax("You have an error in your SQL syntax: SHOW GRANTS takes no ON clause");
        }
        SQLExpr user = show.getUser();
        if (user == null || isCurrentUser(user)) {
            return ShowGrants.CURRENT_USER;
        }
        if (user instanceof MySqlUserName account) {
            return new ShowGrants(SQLUtils.normalize(account.getUserName()), SQLUtils.normalize(account.getHost()));
        }
        if (user instanceof SQLIdentifierExpr name) {
            return new ShowGrants(SQLUtils.normalize(name.getName()), "%");
        }
        if (user instanceof SQLCharExpr name) {
            return new ShowGrants(name.getText(), "%");
        }
        throw RouteException.syntax("You have an error in your SQL syntax: SHOW GRANTS FOR " + user
                + " names no account; write 'user'@'host' or CURRENT_USER()");
    }

    /** {@code CURRENT_USER} or {@code CURRENT_USER()}. */
    private static boolean isCurrentUser(SQLExpr user) {
        if (user instanceof SQLIdentifierExpr id) {
            return id.getName().equalsIgnoreCase("current_user");
        }
        return user instanceof SQLMethodInvokeExpr call && call.getArguments().isEmpty() && call.getOwner() == null
                && call.getMethodName().equalsIgnoreCase("current_user");
    }

    /** Whether a {@link StatementType#SHOW_PROCESSLIST} is {@code SHOW FULL PROCESSLIST}. */
    public static boolean fullProcessList(ParsedStatement statement) {
        SQLShowProcessListStatement show = (SQLShowProcessListStatement) statement.ast();
        if (show.getWhere() != null || show.getOrderBy() != null || show.getLimit() != null) {
            throw RouteException.syntax("You have an error in your SQL syntax: SHOW PROCESSLIST takes no WHERE, ORDER"
                    + " BY or LIMIT; select from information_schema.PROCESSLIST instead");
        }
        return show.isFull();
    }

    /** A {@link StatementType#SHOW_STATUS}. */
    public static ShowStatus showStatus(ParsedStatement statement) {
        MySqlShowStatusStatement show = (MySqlShowStatusStatement) statement.ast();
        SQLExpr like = show.getLike();
        if (like != null && !(like instanceof SQLCharExpr)) {
            throw RouteException.syntax("You have an error in your SQL syntax: SHOW STATUS LIKE takes a string, not "
                    + like);
        }
        return new ShowStatus(show.isGlobal(), like == null ? null : ((SQLCharExpr) like).getText(),
                show.getWhere() != null);
    }

    /** The schema a {@link StatementType#USE} names, unquoted. */
    public static String useSchema(ParsedStatement statement) {
        return SQLUtils.normalize(((SQLUseStatement) statement.ast()).getDatabase().getSimpleName());
    }

    /** A {@link StatementType#KILL}. */
    public static Kill kill(ParsedStatement statement) {
        MySqlKillStatement kill = (MySqlKillStatement) statement.ast();
        int ids = kill.getThreadIds().size();
        Long id = null;
        String idText = null;
        if (ids == 1) {
            SQLExpr idExpr = kill.getThreadIds().get(0);
            idText = String.valueOf(idExpr);
            if (idExpr instanceof SQLIntegerExpr integer) {
                id = integer.getNumber().longValue();
            }
        }
        return new Kill(kill.getType() != MySqlKillStatement.Type.QUERY, ids, id, idText);
    }

    /** Whether a {@link StatementType#BEGIN} is {@code START TRANSACTION READ ONLY}. */
    public static boolean startsReadOnly(ParsedStatement statement) {
        return statement.ast() instanceof SQLStartTransactionStatement start && start.isReadOnly();
    }

    /** A {@link StatementType#SAVEPOINT}: SAVEPOINT, ROLLBACK TO or RELEASE SAVEPOINT. */
    public static Savepoint savepoint(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        if (ast instanceof SQLSavePointStatement save) {
            return new Savepoint(Savepoint.Action.SET, SQLUtils.normalize(save.getName().toString()));
        }
        boolean release = ast instanceof SQLReleaseSavePointStatement;
        String name = SQLUtils.normalize(release ? ((SQLReleaseSavePointStatement) ast).getName().toString()
                : ((SQLRollbackStatement) ast).getTo().toString());
        return new Savepoint(release ? Savepoint.Action.RELEASE : Savepoint.Action.ROLLBACK_TO, name);
    }

    /** A {@link StatementType#SET_TRANSACTION}. */
    public static TransactionCharacteristics transactionCharacteristics(ParsedStatement statement) {
        MySqlSetTransactionStatement set = (MySqlSetTransactionStatement) statement.ast();
        TransactionCharacteristics.Scope scope = Boolean.TRUE.equals(set.getGlobal())
                ? TransactionCharacteristics.Scope.GLOBAL
                : Boolean.TRUE.equals(set.getSession()) || set.isLocal()
                        ? TransactionCharacteristics.Scope.SESSION
                        : TransactionCharacteristics.Scope.NEXT_TRANSACTION;
        String level = set.getIsolationLevel() == null ? null
                : set.getIsolationLevel().trim().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
        Boolean readOnly = set.getAccessModel() == null ? null
                : set.getAccessModel().toUpperCase(Locale.ROOT).contains("ONLY");
        return new TransactionCharacteristics(scope, level, readOnly);
    }
}
