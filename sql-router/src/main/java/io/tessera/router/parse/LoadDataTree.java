package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLoadDataInFileStatement;

/**
 * Druid's tree of a LOAD DATA statement, made from Tessera's reading of it ({@link LoadDataSyntax}) so that the
 * code that looks at trees (privileges, tables) sees the table and LOCAL, and carrying that reading ({@link #load()})
 * to the router. Never rendered back to text: {@link LoadData} writes the data nodes' statements.
 */
public final class LoadDataTree extends MySqlLoadDataInFileStatement {

    private final LoadData load;

    public LoadDataTree(LoadData load) {
        this.load = load;
        setLocal(load.local());
        setFileName(new SQLCharExpr(load.fileName()));
        setTableName(load.table().schema() == null ? new SQLIdentifierExpr(load.table().table())
                : new SQLPropertyExpr(load.table().schema(), load.table().table()));
        setIgnore("IGNORE".equals(load.duplicates()));
        setReplicate("REPLACE".equals(load.duplicates()));
    }

    public LoadData load() {
        return load;
    }
}
