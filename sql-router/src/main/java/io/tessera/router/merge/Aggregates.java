package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.expr.SQLAggregateOption;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.visitor.SQLASTVisitorAdapter;
import io.tessera.router.error.RouteException;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.AggregateColumn.Function;
import io.tessera.router.plan.Columns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The aggregates of a SELECT whose groups span data nodes, and the hidden items each needs: {@code SUM(x)} and
 * {@code COUNT(x)} behind {@code AVG(x)}, {@code WEIGHT_STRING} behind {@code MIN} and {@code MAX}. Only aggregates
 * whose per-node values combine exactly are accepted.
 */
final class Aggregates {

    /** One aggregate: where it is, how it combines, and the hidden items it needs. */
    private record Entry(Function function, int handle, int sum, int count, int weight) {
    }

    private static final int NONE = -1;

    private final SelectList select;
    private final List<ShardingColumn> shardingColumns;
    private final Map<Integer, Entry> byHandle = new LinkedHashMap<>();

    Aggregates(SelectList select, List<ShardingColumn> shardingColumns) {
        this.select = select;
        this.shardingColumns = shardingColumns;
    }

    /** Whether any of the items contains an aggregate. */
    boolean anyIn(List<SQLSelectItem> items) {
        for (SQLSelectItem item : items) {
            if (contains(item.getExpr())) {
                return true;
            }
        }
        return false;
    }

    /** Registers a visible item: an aggregate at its top combines; one inside an expression cannot be merged. */
    void addVisible(SQLExpr expr, int handle) {
        if (expr instanceof SQLAggregateExpr aggregate) {
            add(aggregate, handle);
        } else if (contains(expr)) {
            throw RouteException.notSupported("an expression over an aggregate (" + SQLUtils.toMySqlString(expr)
                    + ") cannot be merged from several data nodes: select the aggregate itself");
        }
    }

    /** The handle of an aggregate that ORDER BY or HAVING names: a selected one, or a new hidden one. */
    int handleOf(SQLAggregateExpr aggregate) {
        int visible = select.visibleMatch(aggregate);
        if (visible >= 0) {
            return visible;
        }
        int handle = select.hide(aggregate);
        if (!byHandle.containsKey(handle)) {
            add((SQLAggregateExpr) select.expression(handle), handle);
        }
        return handle;
    }

    /** The weight to sort merged rows by {@code handle}: a MIN's or MAX's own; none for numbers; else a new one. */
    Integer weightOf(int handle, SelectList select) {
        Entry entry = byHandle.get(handle);
        if (entry == null) {
            return select.weight(handle, true);
        }
        return entry.weight == NONE ? null : entry.weight;
    }

    /** The plan's aggregate columns; call once every hidden item is added. */
    List<AggregateColumn> columns(SelectList select) {
        List<AggregateColumn> columns = new ArrayList<>(byHandle.size());
        for (Entry e : byHandle.values()) {
            columns.add(new AggregateColumn(e.function, select.column(e.handle), column(e.sum), column(e.count),
                    column(e.weight)));
        }
        return columns;
    }

    private int column(int handle) {
        return handle == NONE ? Columns.NONE : select.column(handle);
    }

    private void add(SQLAggregateExpr aggregate, int handle) {
        String name = aggregate.getMethodName().toUpperCase(Locale.ROOT);
        boolean distinct = aggregate.getOption() == SQLAggregateOption.DISTINCT;
        for (SQLExpr argument : aggregate.getArguments()) {
            if (contains(argument)) {
                throw RouteException.notSupported("nested aggregates (" + aggregate + ")");
            }
        }
        if (distinct && !name.equals("MIN") && !name.equals("MAX") && !hasShardingArgument(aggregate)) {
            throw RouteException.notSupported(name + "(DISTINCT ...) over rows spread on several data nodes cannot be"
                    + " merged exactly unless its argument is the sharding column (" + aggregate + ")");
        }
        Entry entry = switch (name) {
            case "COUNT" -> new Entry(Function.COUNT, handle, NONE, NONE, NONE);
            case "SUM" -> new Entry(Function.SUM, handle, NONE, NONE, NONE);
            case "MIN", "MAX" -> new Entry(name.equals("MIN") ? Function.MIN : Function.MAX, handle, NONE, NONE,
                    select.weight(handle, false));
            case "AVG" -> new Entry(Function.AVG, handle, select.hide(partial("SUM", aggregate)),
                    select.hide(partial("COUNT", aggregate)), NONE);
            default -> throw RouteException.notSupported(name + " over rows spread on several data nodes cannot be"
                    + " merged exactly (" + aggregate + ")");
        };
        byHandle.put(handle, entry);
    }

    /** {@code SUM(x)} or {@code COUNT(x)} for {@code AVG(x)}, with its DISTINCT. */
    private static SQLAggregateExpr partial(String name, SQLAggregateExpr avg) {
        SQLAggregateExpr partial = new SQLAggregateExpr(name, avg.getOption());
        for (SQLExpr argument : avg.getArguments()) {
            partial.addArgument(argument.clone());
        }
        return partial;
    }

    private boolean hasShardingArgument(SQLAggregateExpr aggregate) {
        for (SQLExpr argument : aggregate.getArguments()) {
            for (ShardingColumn column : shardingColumns) {
                if (column.is(argument)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code expr} calls an aggregate anywhere inside. */
    static boolean contains(SQLExpr expr) {
        boolean[] found = {false};
        expr.accept(new SQLASTVisitorAdapter() {
            @Override
            public boolean visit(SQLAggregateExpr x) {
                found[0] = true;
                return false;
            }

            @Override
            public boolean visit(SQLSelect x) {
                return false; // a subquery's aggregates are its own
            }
        });
        return found[0];
    }
}
