package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLStatement;
import java.util.List;

/**
 * One parsed statement: the client's text, Druid's tree, its type and the tables it names (in order of
 * appearance, duplicates removed). The router may rewrite the tree while planning this one execution.
 */
public record ParsedStatement(String sql, SQLStatement ast, StatementType type, List<TableReference> tables) {

    public ParsedStatement {
        tables = List.copyOf(tables);
    }
}
