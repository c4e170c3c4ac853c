package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.statement.SQLCreateTableStatement;
import com.alibaba.druid.sql.ast.statement.SQLDropTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlExecuteStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlPrepareStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MysqlDeallocatePrepareStatement;
import java.util.List;

/**
 * One parsed statement: the client's text, Druid's tree, its type and the tables it names (in order of
 * appearance, duplicates removed). The router may rewrite the tree while planning this one execution.
 *
 * @param abridged the tree is of a stand-in that lacks the select list ({@link SelectListSkipper}): enough to
 *     route, not to rewrite; a rewrite needs {@link SqlParser#parseWhole} of {@link #sql()}
 */
public record ParsedStatement(String sql, SQLStatement ast, StatementType type, List<TableReference> tables,
        boolean abridged) {

    public ParsedStatement {
        tables = List.copyOf(tables);
    }

    public ParsedStatement(String sql, SQLStatement ast, StatementType type, List<TableReference> tables) {
        this(sql, ast, type, tables, false);
    }

    /**
     * A statement Tessera makes up rather than parses, to route a command that names its tables itself
     * ({@code COM_FIELD_LIST}): no text, no tree. Callers outside the router need no Druid type to make one.
     */
    public static ParsedStatement withoutTree(StatementType type, List<TableReference> tables) {
        return new ParsedStatement("", null, type, tables);
    }

    /** The LOAD DATA statement as Tessera reads it ({@link LoadDataSyntax}), or {@code null} for any other. */
    public LoadData loadData() {
        return ast instanceof LoadDataTree tree ? tree.load() : null;
    }

    /**
     * Whether the statement is a SELECT that locks the rows it reads ({@code FOR UPDATE}, {@code FOR SHARE},
     * {@code LOCK IN SHARE MODE}), which only the write host may answer.
     */
    public boolean locksRows() {
        return type == StatementType.SELECT && LockingReads.locksRows(sql, ast);
    }

    /**
     * Whether the statement leaves state that only the connection running it has, so that the session's later
     * statements on that data node must run on the same connection: a temporary table, a statement of SQL's
     * {@code PREPARE} (which {@code EXECUTE} and {@code DEALLOCATE} use), a named lock of {@code GET_LOCK}, the table
     * locks of {@code LOCK TABLES}.
     */
    public boolean bindsConnection() {
        if (ast instanceof MySqlLockTableStatement) {
            return true;
        }
        if (ast instanceof SQLCreateTableStatement create) {
            return create.isTemporary();
        }
        if (ast instanceof SQLDropTableStatement drop) {
            return drop.isTemporary();
        }
        if (ast instanceof MySqlPrepareStatement || ast instanceof MySqlExecuteStatement
                || ast instanceof MysqlDeallocatePrepareStatement) {
            return true;
        }
        return type == StatementType.SELECT && SqlTokens.containsIgnoringCase(sql, "GET_LOCK");
    }
}
