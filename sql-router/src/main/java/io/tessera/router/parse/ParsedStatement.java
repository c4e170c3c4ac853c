package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLStatement;
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
}
