package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLMethodInvokeExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLVariantRefExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.SqlText;
import java.util.Locale;
import java.util.Set;

/**
 * Replaces what only Tessera knows in a statement that goes to a data node: {@code DATABASE()} is the logical
 * schema, not the data node's database; {@code USER()}, {@code CONNECTION_ID()}, {@code LAST_INSERT_ID()},
 * {@code ROW_COUNT()}, {@code FOUND_ROWS()}, {@code VERSION()} and {@code @@version_comment} are the client
 * session's. Each becomes a literal; a select item keeps its column label through an alias.
 */
public final class SessionValueInliner {

    /** Names that may precede "(" in a candidate; the text test before any tree is walked. */
    private static final Set<String> FUNCTION_NAMES = Set.of("database", "schema", "user", "current_user",
            "session_user", "system_user", "connection_id", "last_insert_id", "version", "row_count", "found_rows");

    private final String serverVersion;
    private final String versionComment;

    public SessionValueInliner(String serverVersion, String versionComment) {
        this.serverVersion = serverVersion;
        this.versionComment = versionComment;
    }

    /**
     * The statement with the session's values inlined, or {@code statement} itself when it mentions none. The tree
     * is rewritten in place, so {@code statement}'s tree is the returned one's too; the returned statement's text is
     * the rewritten tree's.
     */
    public ParsedStatement inline(ParsedStatement statement, SessionFacts session) {
        if (!mentionsSessionValues(statement.sql())) {
            return statement;
        }
        // a long SELECT's tree may be a stand-in without its select list: the rewrite needs the whole statement
        ParsedStatement whole = statement.abridged() ? new SqlParser().parseWhole(statement.sql()) : statement;
        Replacer replacer = new Replacer(session);
        whole.ast().accept(replacer);
        return replacer.replaced ? new ParsedStatement(SqlText.of(whole.ast()), whole.ast(), whole.type(),
                whole.tables()) : statement;
    }

    /**
     * A quick look at the text: is there a {@code name(} with one of the function names, or {@code @@version}?
     * Most statements have neither, and then no tree is walked (and the caller need not gather the session's facts).
     */
    public static boolean mentionsSessionValues(String sql) {
        for (int i = sql.indexOf('('); i >= 0; i = sql.indexOf('(', i + 1)) {
            int end = i;
            while (end > 0 && sql.charAt(end - 1) == ' ') {
                end--;
            }
            int start = end;
            while (start > 0 && (Character.isLetter(sql.charAt(start - 1)) || sql.charAt(start - 1) == '_')) {
                start--;
            }
            if (end - start >= 4 && end - start <= 14
                    && FUNCTION_NAMES.contains(sql.substring(start, end).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        for (int i = sql.indexOf("@@"); i >= 0; i = sql.indexOf("@@", i + 2)) {
            if (sql.regionMatches(true, i, "@@version", 0, 9)) {
                return true;
            }
        }
        return false;
    }

    private final class Replacer extends MySqlASTVisitorAdapter {

        private final SessionFacts session;
        private boolean replaced;

        Replacer(SessionFacts session) {
            this.session = session;
        }

        @Override
        public boolean visit(SQLSelectItem item) {
            SQLExpr literal = literalFor(item.getExpr());
            if (literal != null) {
                if (item.getAlias() == null) {
                    item.setAlias("`" + SQLUtils.toMySqlString(item.getExpr()).replace("`", "``") + "`");
                }
                item.setExpr(literal);
                replaced = true;
                return false;
            }
            return true;
        }

        @Override
        public boolean visit(SQLMethodInvokeExpr call) {
            replace(call);
            return true;
        }

        @Override
        public boolean visit(SQLVariantRefExpr ref) {
            replace(ref);
            return true;
        }

        private void replace(SQLExpr expr) {
            SQLExpr literal = literalFor(expr);
            if (literal != null && SQLUtils.replaceInParent(expr, literal)) {
                replaced = true;
            }
        }

        private SQLExpr literalFor(SQLExpr expr) {
            if (expr instanceof SQLMethodInvokeExpr call && call.getArguments().isEmpty() && call.getOwner() == null) {
                return switch (call.getMethodName().toLowerCase(Locale.ROOT)) {
                    case "database", "schema" -> session.schema() == null
                            ? new SQLNullExpr() : new SQLCharExpr(session.schema());
                    case "user", "session_user", "system_user" ->
                            new SQLCharExpr(session.userName() + "@" + session.remoteHost());
                    case "current_user" -> new SQLCharExpr(session.userName() + "@%");
                    case "version" -> new SQLCharExpr(serverVersion);
                    case "connection_id" -> new SQLIntegerExpr(session.connectionId());
                    case "last_insert_id" -> new SQLIntegerExpr(session.lastInsertId());
                    case "row_count" -> new SQLIntegerExpr(session.rowCount());
                    case "found_rows" -> new SQLIntegerExpr(session.foundRows());
                    default -> null;
                };
            }
            if (expr instanceof SQLVariantRefExpr ref && !ref.isGlobal()) {
                String name = ref.getName().toLowerCase(Locale.ROOT);
                if (name.equals("@@version_comment")) {
                    return new SQLCharExpr(versionComment);
                }
                if (name.equals("@@version")) {
                    return new SQLCharExpr(serverVersion);
                }
            }
            return null;
        }
    }
}
