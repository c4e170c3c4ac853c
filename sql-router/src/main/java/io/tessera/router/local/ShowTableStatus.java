package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowTableStatusStatement;
import io.tessera.router.parse.ParsedStatement;

/**
 * {@code SHOW TABLE STATUS [FROM schema] [LIKE pattern | WHERE ...]}.
 *
 * @param schema the schema named after {@code FROM} or {@code IN}, unquoted; {@code null} for the session's
 * @param like the LIKE pattern's text ({@code %} and {@code _} wildcards, {@code \} escapes), or {@code null}
 * @param where whether a WHERE clause was given
 */
public record ShowTableStatus(String schema, String like, boolean where) {

    /** A {@link io.tessera.router.parse.StatementType#SHOW_TABLE_STATUS}. */
    public static ShowTableStatus of(ParsedStatement statement) {
        MySqlShowTableStatusStatement show = (MySqlShowTableStatusStatement) statement.ast();
        String schema = show.getDatabase() != null ? SQLUtils.normalize(show.getDatabase().getSimpleName()) : null;
        SQLExpr like = show.getLike();
        String pattern = like == null ? null
                : like instanceof SQLCharExpr c ? c.getText() : SQLUtils.toMySqlString(like);
        return new ShowTableStatus(schema, pattern, show.getWhere() != null);
    }
}
