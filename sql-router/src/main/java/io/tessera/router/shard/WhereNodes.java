package io.tessera.router.shard;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLBetweenExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLInListExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import io.tessera.router.function.NodeSet;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ShardingRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The data nodes a WHERE clause lets one sharded table's rows come from: {@code col = v}, {@code col IN (...)},
 * {@code col BETWEEN a AND b} and {@code a <(=) col AND col <(=) b} pin the sharding column; AND intersects, OR
 * unites; anything else leaves every node possible. A column counts when qualified with the table's name or alias,
 * or unqualified when the table is the statement's only one. Null means "every node" (no constraint). A value the
 * function cannot place ({@code id = ''} under an integer function, a malformed date) constrains nothing: the
 * statement asks every node, as MyCat sends it, and MySQL's own comparison there decides which rows match.
 */
public final class WhereNodes {

    private final ShardingRule rule;
    private final int nodeCount;
    private final Set<String> qualifiers;
    private final boolean unqualifiedIsOurs;

    /**
     * @param qualifiers the names that refer to the table in this statement (its name, its alias), lower-case
     * @param unqualifiedIsOurs whether a bare column name belongs to this table (it is the only table)
     */
    public WhereNodes(ShardingRule rule, int nodeCount, Set<String> qualifiers, boolean unqualifiedIsOurs) {
        this.rule = rule;
        this.nodeCount = nodeCount;
        this.qualifiers = qualifiers;
        this.unqualifiedIsOurs = unqualifiedIsOurs;
    }

    /** The nodes the condition allows, or {@code null} when it does not constrain the sharding column. */
    public NodeSet of(SQLExpr where) {
        return where == null ? null : eval(where);
    }

    private NodeSet eval(SQLExpr e) {
        if (e instanceof SQLBinaryOpExpr b) {
            return switch (b.getOperator()) {
                case BooleanAnd -> and(b);
                case BooleanOr -> {
                    NodeSet left = eval(b.getLeft());
                    NodeSet right = left == null ? null : eval(b.getRight());
                    yield left == null || right == null ? null : left.union(right);
                }
                case Equality -> equality(b);
                default -> null;
            };
        }
        if (e instanceof SQLInListExpr in && !in.isNot() && isOurColumn(in.getExpr())) {
            NodeSet nodes = NodeSet.builder(nodeCount).build();
            for (SQLExpr item : in.getTargetList()) {
                SqlValue value = Literals.valueOf(item);
                if (value == null) {
                    return null;
                }
                if (!(value instanceof SqlValue.Null)) { // NULL matches no row: it adds no node
                    int node = Placement.nodeOrAll(rule, value, nodeCount);
                    if (node == Placement.ALL) {
                        return null;
                    }
                    nodes = nodes.union(NodeSet.of(nodeCount, node));
                }
            }
            return nodes;
        }
        if (e instanceof SQLBetweenExpr between && !between.isNot() && isOurColumn(between.getTestExpr())) {
            SqlValue low = Literals.valueOf(between.getBeginExpr());
            SqlValue high = Literals.valueOf(between.getEndExpr());
            return low == null || high == null ? null : range(low, high);
        }
        return null;
    }

    private NodeSet equality(SQLBinaryOpExpr b) {
        SQLExpr valueSide = isOurColumn(b.getLeft()) ? b.getRight() : isOurColumn(b.getRight()) ? b.getLeft() : null;
        if (valueSide == null) {
            return null;
        }
        SqlValue value = Literals.valueOf(valueSide);
        if (value == null || value instanceof SqlValue.Null) {
            return null;
        }
        int node = Placement.nodeOrAll(rule, value, nodeCount);
        return node == Placement.ALL ? null : NodeSet.of(nodeCount, node);
    }

    /** An AND chain: each conjunct narrows the set, and a lower and an upper bound together make a range. */
    private NodeSet and(SQLBinaryOpExpr and) {
        List<SQLExpr> conjuncts = new ArrayList<>();
        flatten(and, conjuncts);
        NodeSet nodes = null;
        SqlValue low = null;
        SqlValue high = null;
        for (SQLExpr conjunct : conjuncts) {
            if (conjunct instanceof SQLBinaryOpExpr cmp && isComparison(cmp.getOperator())) {
                boolean columnLeft = isOurColumn(cmp.getLeft());
                SQLExpr valueSide = columnLeft ? cmp.getRight() : isOurColumn(cmp.getRight()) ? cmp.getLeft() : null;
                SqlValue value = valueSide == null ? null : Literals.valueOf(valueSide);
                if (value != null && !(value instanceof SqlValue.Null)) {
                    boolean lowerBound = columnLeft == isGreater(cmp.getOperator()); // col > v  or  v < col
                    if (lowerBound) {
                        low = value;
                    } else {
                        high = value;
                    }
                }
                continue;
            }
            NodeSet constraint = eval(conjunct);
            if (constraint != null) {
                nodes = nodes == null ? constraint : nodes.intersect(constraint);
            }
        }
        if (low != null && high != null) {
            NodeSet range = range(low, high);
            nodes = nodes == null ? range : nodes.intersect(range);
        }
        return nodes;
    }

    private static void flatten(SQLExpr e, List<SQLExpr> out) {
        if (e instanceof SQLBinaryOpExpr b && b.getOperator() == SQLBinaryOperator.BooleanAnd) {
            flatten(b.getLeft(), out);
            flatten(b.getRight(), out);
        } else {
            out.add(e);
        }
    }

    private static boolean isComparison(SQLBinaryOperator op) {
        return op == SQLBinaryOperator.GreaterThan || op == SQLBinaryOperator.GreaterThanOrEqual
                || op == SQLBinaryOperator.LessThan || op == SQLBinaryOperator.LessThanOrEqual;
    }

    private static boolean isGreater(SQLBinaryOperator op) {
        return op == SQLBinaryOperator.GreaterThan || op == SQLBinaryOperator.GreaterThanOrEqual;
    }

    private NodeSet range(SqlValue low, SqlValue high) {
        return Placement.rangeNodes(rule, low, high, nodeCount);
    }

    private boolean isOurColumn(SQLExpr expr) {
        if (expr instanceof SQLIdentifierExpr id) {
            return unqualifiedIsOurs && rule.isColumn(SQLUtils.normalize(id.getName()));
        }
        if (expr instanceof SQLPropertyExpr prop && rule.isColumn(SQLUtils.normalize(prop.getName()))) {
            SQLExpr owner = prop.getOwner();
            String qualifier = owner instanceof SQLIdentifierExpr o ? SQLUtils.normalize(o.getName())
                    : owner instanceof SQLPropertyExpr p ? SQLUtils.normalize(p.getName()) : null;
            return qualifier != null && qualifiers.contains(qualifier.toLowerCase(java.util.Locale.ROOT));
        }
        return false;
    }
}
