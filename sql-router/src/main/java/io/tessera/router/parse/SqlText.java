package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLHexExpr;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlOutputVisitor;

/**
 * Renders a rewritten statement for a data node on one line, as Druid's {@code SQLUtils.toMySqlString} would without
 * its pretty-printing (the node's logs, the process list and EXPLAIN show one line, as MyCat's EXPLAIN does), except
 * where Druid's text would not run or not stay on one line:
 * <ul>
 * <li>the empty hex literal {@code X''}, which Druid writes {@code 0x}, a column name to MySQL;
 * <li>line comments ({@code -- ...}, {@code # ...}), which are left out: they must end with a line break, and
 *     they change nothing. Block comments and optimizer hints stay.
 * </ul>
 * Line breaks inside string literals are values, and stay.
 */
public final class SqlText {

    private SqlText() {
    }

    public static String of(SQLObject sql) {
        StringBuilder out = new StringBuilder(128);
        MySqlOutputVisitor visitor = new MySqlOutputVisitor(out) {
            {
                selectListNumberOfLine = Integer.MAX_VALUE; // no line break, not even a space, among the items
            }

            @Override
            public boolean visit(SQLHexExpr x) {
                if (x.getHex() == null || x.getHex().isEmpty()) {
                    print("X''");
                    return false;
                }
                return super.visit(x);
            }

            @Override
            public void printComment(String comment) {
                if (!comment.startsWith("--") && !comment.startsWith("#")) {
                    super.printComment(comment);
                }
            }
        };
        visitor.setUppCase(true);
        visitor.setPrettyFormat(false);
        sql.accept(visitor);
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == ' ') {
            end--; // where a dropped line comment ended the statement
        }
        out.setLength(end);
        return out.toString();
    }
}
