package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.expr.SQLAllColumnExpr;
import com.alibaba.druid.sql.ast.expr.SQLBooleanExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLMethodInvokeExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import io.tessera.router.error.RouteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The select list of a SELECT that several data nodes run: the client's items, and the hidden ones the merge needs,
 * appended after them. Items are named by handles while planning; {@link #column} turns a handle into the index the
 * plan uses once every hidden item is known, counted from the end when a {@code *} makes the width unknown.
 */
final class SelectList {

    private static final int HIDDEN = 1 << 24;
    private static final int MAX_ALIAS_LENGTH = 256;

    private final SQLSelectQueryBlock block;
    private final List<SQLSelectItem> visible;
    private final boolean star;
    private final boolean singleTable;
    private final List<SQLExpr> hidden = new ArrayList<>();
    private final Map<String, Integer> hiddenByText = new HashMap<>();
    private final Map<String, Integer> literalWeights = new HashMap<>();

    SelectList(SQLSelectQueryBlock block, boolean singleTable) {
        this.block = block;
        this.singleTable = singleTable;
        this.visible = List.copyOf(block.getSelectList());
        this.star = visible.stream().anyMatch(item -> isStar(item.getExpr()));
    }

    boolean hasStar() {
        return star;
    }

    List<SQLSelectItem> visible() {
        return visible;
    }

    int hiddenCount() {
        return hidden.size();
    }

    /** The expression behind a handle (a visible item's handle is its index). */
    SQLExpr expression(int handle) {
        return handle >= HIDDEN ? hidden.get(handle - HIDDEN) : visible.get(handle).getExpr();
    }

    boolean isHidden(int handle) {
        return handle >= HIDDEN;
    }

    /**
     * The item an ORDER BY or GROUP BY expression names: a position, an alias, or the same expression as a visible
     * item; otherwise a new hidden item computing it.
     */
    int resolve(SQLExpr expr) {
        if (expr instanceof SQLIntegerExpr position) {
            int n = position.getNumber().intValue();
            if (n < 1 || n > visible.size()) {
                throw RouteException.notSupported("position " + n + " in ORDER BY / GROUP BY is outside the select"
                        + " list"); // the data node reports the real error first; this is a safeguard
            }
            if (star) {
                throw RouteException.notSupported("ORDER BY / GROUP BY by position together with * cannot be merged"
                        + " from several data nodes: name the column");
            }
            return n - 1;
        }
        int found = star ? -1 : visibleMatch(expr);
        return found >= 0 ? found : hide(expr);
    }

    /** A visible item that is {@code expr}, by alias or by text; -1 if none. */
    int visibleMatch(SQLExpr expr) {
        if (expr instanceof SQLIdentifierExpr id) {
            String name = SQLUtils.normalize(id.getName());
            for (int i = 0; i < visible.size(); i++) {
                String alias = visible.get(i).getAlias();
                if (alias != null && SQLUtils.normalize(alias).equalsIgnoreCase(name)) {
                    return i;
                }
            }
        }
        String text = text(expr);
        for (int i = 0; i < visible.size(); i++) {
            if (text(visible.get(i).getExpr()).equals(text)) {
                return i;
            }
        }
        return -1;
    }

    /** A hidden item computing {@code expr} (an existing one when the same text is already hidden). */
    int hide(SQLExpr expr) {
        String text = text(expr);
        Integer existing = hiddenByText.get(text);
        if (existing != null) {
            return existing;
        }
        int handle = HIDDEN + hidden.size();
        SQLExpr copy = expr.clone();
        hidden.add(copy);
        hiddenByText.put(text, handle);
        block.addSelectItem(new SQLSelectItem(copy));
        return handle;
    }

    /**
     * A hidden {@code CONCAT(COLLATION(expr), ':', WEIGHT_STRING(expr))}: strings compare by their weight under
     * their own collation, as the node sorts them, and the collation's name says how trailing spaces count. (Result
     * metadata names the connection's collation, not the expression's.) NULL for numbers and temporal values.
     * {@code grouped}: the node groups by {@code expr}, and the weight is taken as {@code MIN(...)} of the group's.
     */
    int weight(int handle, boolean grouped) {
        SQLMethodInvokeExpr concat = weighed(expression(handle));
        if (!grouped) {
            return hide(concat);
        }
        SQLAggregateExpr min = new SQLAggregateExpr("MIN");
        min.addArgument(concat);
        return hide(min);
    }

    /**
     * A hidden item with the weight of the string {@code literal} under the collation MySQL compares it with {@code
     * compared} by, as {@link #weight} writes it: that of {@code IF(FALSE, compared, literal)}, whose collation comes
     * from both arguments by the rules a comparison follows (a column's beats a plain literal's), and which converts
     * the literal to that character set as the comparison does. Literals differing only in case get items of their
     * own, unlike expressions.
     */
    int literalWeight(SQLExpr compared, SQLExpr literal) {
        SQLMethodInvokeExpr either = new SQLMethodInvokeExpr("IF");
        either.addArgument(new SQLBooleanExpr(false));
        either.addArgument(compared.clone());
        either.addArgument(literal.clone());
        SQLMethodInvokeExpr concat = weighed(either);
        String text = SQLUtils.toMySqlString(concat);
        Integer existing = literalWeights.get(text);
        if (existing != null) {
            return existing;
        }
        int handle = HIDDEN + hidden.size();
        hidden.add(concat);
        literalWeights.put(text, handle);
        block.addSelectItem(new SQLSelectItem(concat));
        return handle;
    }

    /** {@code CONCAT(COLLATION(expr), ':', WEIGHT_STRING(expr))}. */
    private static SQLMethodInvokeExpr weighed(SQLExpr expr) {
        SQLMethodInvokeExpr collation = new SQLMethodInvokeExpr("COLLATION");
        collation.addArgument(expr.clone());
        SQLMethodInvokeExpr weight = new SQLMethodInvokeExpr("WEIGHT_STRING");
        weight.addArgument(expr.clone());
        SQLMethodInvokeExpr concat = new SQLMethodInvokeExpr("CONCAT");
        concat.addArgument(collation);
        concat.addArgument(new SQLCharExpr(":"));
        concat.addArgument(weight);
        return concat;
    }

    /**
     * Keeps MySQL's labels when the statement is rendered again: an expression without an alias is labelled by its
     * text as the client wrote it ({@code count(*)}, not Druid's {@code COUNT(*)}), so it gets that text as alias.
     */
    void keepLabels(List<String> itemTexts) {
        if (itemTexts == null || itemTexts.size() != visible.size()) {
            return;
        }
        for (int i = 0; i < visible.size(); i++) {
            SQLSelectItem item = visible.get(i);
            SQLExpr expr = item.getExpr();
            String text = itemTexts.get(i);
            if (item.getAlias() == null && !(expr instanceof SQLIdentifierExpr) && !(expr instanceof SQLPropertyExpr)
                    && !isStar(expr) && !text.isEmpty() && text.length() <= MAX_ALIAS_LENGTH) {
                item.setAlias("`" + text.replace("`", "``") + "`");
            }
        }
    }

    /** The plan's index of a handle; call once every hidden item is added. */
    int column(int handle) {
        if (handle < HIDDEN) {
            return handle;
        }
        int index = handle - HIDDEN;
        return star ? index - hidden.size() : visible.size() + index;
    }

    /** Whether expressions are the same, as far as their text shows: identifiers compare case-insensitively. */
    String text(SQLExpr expr) {
        SQLExpr bare = expr;
        if (singleTable && expr instanceof SQLPropertyExpr property
                && property.getOwner() instanceof SQLIdentifierExpr) {
            bare = new SQLIdentifierExpr(property.getName()); // t.k and k: the same column when there is one table
        }
        return SQLUtils.toMySqlString(bare).toLowerCase(Locale.ROOT);
    }

    private static boolean isStar(SQLExpr expr) {
        return expr instanceof SQLAllColumnExpr
                || expr instanceof SQLPropertyExpr property && property.getName().equals("*");
    }
}
