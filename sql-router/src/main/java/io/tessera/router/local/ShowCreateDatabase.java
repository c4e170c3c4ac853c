package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLName;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateDatabaseStatement;
import io.tessera.router.parse.ParsedStatement;

/**
 * {@code SHOW CREATE {DATABASE | SCHEMA} [IF NOT EXISTS] schema}.
 *
 * @param schema the schema's name, unquoted
 * @param ifNotExists whether {@code IF NOT EXISTS} was given (the answer then says it too)
 */
public record ShowCreateDatabase(String schema, boolean ifNotExists) {

    /** A {@link io.tessera.router.parse.StatementType#SHOW_CREATE_DATABASE}. */
    public static ShowCreateDatabase of(ParsedStatement statement) {
        MySqlShowCreateDatabaseStatement show = (MySqlShowCreateDatabaseStatement) statement.ast();
        SQLExpr database = show.getDatabase();
        String name = database instanceof SQLName n ? n.getSimpleName() : SQLUtils.toMySqlString(database);
        return new ShowCreateDatabase(SQLUtils.normalize(name), show.isIfNotExists());
    }
}
