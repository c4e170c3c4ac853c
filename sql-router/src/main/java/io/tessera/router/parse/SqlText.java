package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLHexExpr;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlOutputVisitor;

/**
 * Renders a rewritten statement for a data node, as Druid's {@code SQLUtils.toMySqlString} does, except where
 * Druid's text would not run: it writes the empty hex literal {@code X''} as {@code 0x}, which MySQL reads as a
 * column name.
 */
public final class SqlText {

    private SqlText() {
    }

    public static String of(SQLObject sql) {
        StringBuilder out = new StringBuilder(128);
        MySqlOutputVisitor visitor = new MySqlOutputVisitor(out) {
            @Override
            public boolean visit(SQLHexExpr x) {
                if (x.getHex() == null || x.getHex().isEmpty()) {
                    print("X''");
                    return false;
                }
                return super.visit(x);
            }
        };
        visitor.setUppCase(true);
        visitor.setPrettyFormat(true);
        sql.accept(visitor);
        return out.toString();
    }
}
