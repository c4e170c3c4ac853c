package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLShowCreateTableStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowCreateViewStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateEventStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateFunctionStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateProcedureStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateTriggerStatement;
import io.tessera.router.parse.ParsedStatement;

/**
 * {@code SHOW CREATE {PROCEDURE | FUNCTION | TRIGGER | VIEW | EVENT | TABLE} [schema.]name}: the text that creates one
 * object, which Tessera answers from the data node that holds it, in logical terms.
 *
 * @param kind what is shown
 * @param schema the schema that qualifies the name, unquoted; {@code null} for the session's
 * @param name the object's name, unquoted
 */
public record ShowCreate(Kind kind, String schema, String name) {

    /** What a statement shows: the keyword after {@code SHOW CREATE}. */
    public enum Kind {
        PROCEDURE, FUNCTION, TRIGGER, VIEW, EVENT, TABLE
    }

    /** The statement's object; {@code null} when {@code statement} is no SHOW CREATE of these. */
    public static ShowCreate of(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        if (ast instanceof MySqlShowCreateProcedureStatement s) {
            return named(Kind.PROCEDURE, s.getName());
        }
        if (ast instanceof MySqlShowCreateFunctionStatement s) {
            return named(Kind.FUNCTION, s.getName());
        }
        if (ast instanceof MySqlShowCreateTriggerStatement s) {
            return named(Kind.TRIGGER, s.getName());
        }
        if (ast instanceof SQLShowCreateViewStatement s) {
            return named(Kind.VIEW, s.getName());
        }
        if (ast instanceof MySqlShowCreateEventStatement s) {
            return named(Kind.EVENT, s.getEventName());
        }
        if (ast instanceof SQLShowCreateTableStatement s) {
            return named(Kind.TABLE, s.getName());
        }
        return null;
    }

    private static ShowCreate named(Kind kind, SQLExpr name) {
        if (name instanceof SQLPropertyExpr qualified) {
            String schema = qualified.getOwner() instanceof SQLIdentifierExpr owner ? owner.getName()
                    : SQLUtils.toMySqlString(qualified.getOwner());
            return new ShowCreate(kind, unquoted(schema), unquoted(qualified.getName()));
        }
        String simple = name instanceof SQLIdentifierExpr id ? id.getName() : SQLUtils.toMySqlString(name);
        return new ShowCreate(kind, null, unquoted(simple));
    }

    /** A name as MySQL reads it: a backquoted name's doubled backquote is one. */
    private static String unquoted(String name) {
        boolean backquoted = name.length() > 1 && name.startsWith("`") && name.endsWith("`");
        String normalized = SQLUtils.normalize(name);
        return backquoted ? normalized.replace("``", "`") : normalized;
    }
}
