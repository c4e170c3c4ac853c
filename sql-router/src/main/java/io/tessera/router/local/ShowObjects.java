package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowEventsStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowFunctionStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowProcedureStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowTriggersStatement;
import io.tessera.router.parse.ParsedStatement;

/**
 * {@code SHOW PROCEDURE STATUS}, {@code SHOW FUNCTION STATUS}, {@code SHOW [FULL] TRIGGERS [FROM schema]} and
 * {@code SHOW EVENTS [FROM schema]}, each with an optional {@code LIKE pattern} or {@code WHERE condition}: the stored
 * objects of the logical schemas, which Tessera lists under logical names.
 *
 * @param kind what is listed
 * @param schema the schema after {@code FROM} or {@code IN}, unquoted; {@code null} for the session's (TRIGGERS,
 *     EVENTS) or every schema of the user's (PROCEDURE, FUNCTION)
 * @param like the LIKE pattern's text, or {@code null}
 * @param where the WHERE condition as SQL text, or {@code null}
 */
public record ShowObjects(Kind kind, String schema, String like, String where) {

    /** What a statement lists; {@link #nameColumn} is the column LIKE matches. */
    public enum Kind {
        PROCEDURE("Name"), FUNCTION("Name"), TRIGGERS("Table"), EVENTS("Name");

        private final String nameColumn;

        Kind(String nameColumn) {
            this.nameColumn = nameColumn;
        }

        public String nameColumn() {
            return nameColumn;
        }
    }

    /** A {@link io.tessera.router.parse.StatementType#SHOW_OBJECTS}. */
    public static ShowObjects of(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        if (ast instanceof MySqlShowProcedureStatusStatement s) {
            return new ShowObjects(Kind.PROCEDURE, null, text(s.getLike()), sql(s.getWhere()));
        }
        if (ast instanceof MySqlShowFunctionStatusStatement s) {
            return new ShowObjects(Kind.FUNCTION, null, text(s.getLike()), sql(s.getWhere()));
        }
        if (ast instanceof MySqlShowTriggersStatement s) {
            String schema = s.getDatabase() == null ? null : SQLUtils.normalize(s.getDatabase().getSimpleName());
            return new ShowObjects(Kind.TRIGGERS, schema, text(s.getLike()), sql(s.getWhere()));
        }
        MySqlShowEventsStatement s = (MySqlShowEventsStatement) ast;
        String schema = s.getSchema() instanceof SQLIdentifierExpr id ? SQLUtils.normalize(id.getName())
                : s.getSchema() == null ? null : SQLUtils.normalize(SQLUtils.toMySqlString(s.getSchema()));
        return new ShowObjects(Kind.EVENTS, schema, text(s.getLike()), sql(s.getWhere()));
    }

    private static String text(SQLExpr like) {
        return like == null ? null : like instanceof SQLCharExpr c ? c.getText() : SQLUtils.toMySqlString(like);
    }

    private static String sql(SQLExpr where) {
        return where == null ? null : SQLUtils.toMySqlString(where);
    }
}
