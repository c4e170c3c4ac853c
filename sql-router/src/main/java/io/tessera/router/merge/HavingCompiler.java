package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.expr.SQLBetweenExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLDateExpr;
import com.alibaba.druid.sql.ast.expr.SQLInListExpr;
import com.alibaba.druid.sql.ast.expr.SQLLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLNotExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumericLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLTimeExpr;
import com.alibaba.druid.sql.ast.expr.SQLTimestampExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryOperator;
import io.tessera.router.error.RouteException;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Literal;
import io.tessera.router.plan.Predicate.Operand;
import io.tessera.router.plan.Predicate.Operator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a HAVING condition into a {@link Predicate} over merged groups: AND, OR, NOT, comparisons, BETWEEN, IN and
 * IS [NOT] NULL between aggregates, group columns, selected items and literals (numbers, plain strings, DATE / TIME /
 * TIMESTAMP literals, NULL). How two values compare depends on their types, which only the data nodes' column
 * definitions tell, so the merge decides that; the plan brings what it may need: for a comparison that may be of
 * strings, the weight of each side under the collation MySQL compares them by (a MIN's or MAX's own, a group key's,
 * a literal's computed by the data nodes). Refused here: other literals (hex, {@code _charset'...'}, {@code
 * COLLATE}), expressions over aggregates, and comparisons of a string literal with another literal.
 */
final class HavingCompiler {

    /** A handle that no item has: the value needs no weight, or has none that is exact. */
    private static final int NO_WEIGHT = -1;

    /** One side of a comparison: a select-list item ({@code handle}), or a literal written {@code expr}. */
    private record Value(int handle, Literal literal, SQLExpr expr) {

        boolean isColumn() {
            return literal == null;
        }

        boolean isString() {
            return literal != null && literal.kind() == Literal.Kind.STRING;
        }
    }

    private final SelectList select;
    private final Aggregates aggregates;
    private final List<Integer> groupKeys;

    /** @param groupKeys the handles of the GROUP BY items */
    HavingCompiler(SelectList select, Aggregates aggregates, List<Integer> groupKeys) {
        this.select = select;
        this.aggregates = aggregates;
        this.groupKeys = List.copyOf(groupKeys);
    }

    Predicate compile(SQLExpr having) {
        if (having instanceof SQLBinaryOpExpr binary) {
            return binary(binary);
        }
        if (having instanceof SQLNotExpr not) {
            return new Predicate.Not(compile(not.getExpr()));
        }
        if (having instanceof SQLBetweenExpr between) {
            Predicate range = new Predicate.And(List.of(
                    comparison(Operator.GREATER_OR_EQUAL, between.getTestExpr(), between.getBeginExpr(), between),
                    comparison(Operator.LESS_OR_EQUAL, between.getTestExpr(), between.getEndExpr(), between)));
            return between.isNot() ? new Predicate.Not(range) : range;
        }
        if (having instanceof SQLInListExpr in) {
            List<Predicate> equals = new ArrayList<>();
            for (SQLExpr target : in.getTargetList()) {
                equals.add(comparison(Operator.EQUAL, in.getExpr(), target, in));
            }
            Predicate any = new Predicate.Or(equals);
            return in.isNot() ? new Predicate.Not(any) : any;
        }
        throw unsupported(having);
    }

    private Predicate binary(SQLBinaryOpExpr binary) {
        SQLBinaryOperator op = binary.getOperator();
        switch (op) {
            case BooleanAnd:
                return new Predicate.And(List.of(compile(binary.getLeft()), compile(binary.getRight())));
            case BooleanOr:
                return new Predicate.Or(List.of(compile(binary.getLeft()), compile(binary.getRight())));
            case Is:
            case IsNot:
                if (binary.getRight() instanceof SQLNullExpr) {
                    Value value = value(binary.getLeft());
                    return new Predicate.IsNull(value.isColumn() ? Operand.column(select.column(value.handle()))
                            : Operand.literal(value.literal()), op == SQLBinaryOperator.IsNot);
                }
                throw unsupported(binary);
            default:
                Operator comparison = comparison(op);
                if (comparison == null) {
                    throw unsupported(binary);
                }
                return comparison(comparison, binary.getLeft(), binary.getRight(), binary);
        }
    }

    private static Operator comparison(SQLBinaryOperator op) {
        return switch (op) {
            case Equality -> Operator.EQUAL;
            case NotEqual, LessThanOrGreater -> Operator.NOT_EQUAL;
            case LessThan -> Operator.LESS;
            case LessThanOrEqual -> Operator.LESS_OR_EQUAL;
            case GreaterThan -> Operator.GREATER;
            case GreaterThanOrEqual -> Operator.GREATER_OR_EQUAL;
            case LessThanOrEqualOrGreaterThan -> Operator.NULL_SAFE_EQUAL;
            default -> null;
        };
    }

    /** {@code left operator right}, part of {@code whole}. */
    private Predicate comparison(Operator operator, SQLExpr leftExpr, SQLExpr rightExpr, SQLExpr whole) {
        Value left = value(leftExpr);
        Value right = value(rightExpr);
        if (left.isString() && !right.isColumn() || right.isString() && !left.isColumn()) {
            throw unsupported(whole); // no column whose collation or type would say how
        }
        return new Predicate.Comparison(operator, operand(left, right), operand(right, left));
    }

    /** {@code value} as compared with {@code other}: with the weight a comparison of strings would need. */
    private Operand operand(Value value, Value other) {
        if (value.isColumn()) {
            int weight = other.isColumn() || other.isString() ? weightOf(value.handle()) : NO_WEIGHT;
            int column = select.column(value.handle()); // no * here: columns do not move as items are hidden
            return weight == NO_WEIGHT ? Operand.column(column) : Operand.column(column, select.column(weight));
        }
        if (value.isString() && weightOf(other.handle()) != NO_WEIGHT) {
            int weight = select.literalWeight(select.expression(other.handle()), value.expr());
            return Operand.literal(value.literal(), select.column(weight));
        }
        return Operand.literal(value.literal());
    }

    /**
     * The weight item of a value that may be a string: a MIN's or MAX's own; a group key's (every row of the group has
     * the same weight); none for other aggregates (numbers), and none for other expressions, whose value is any row's
     * while no one weight would go with it.
     */
    private int weightOf(int handle) {
        if (select.expression(handle) instanceof SQLAggregateExpr) {
            Integer weight = aggregates.weightOf(handle, select);
            return weight == null ? NO_WEIGHT : weight;
        }
        return groupKeys.contains(handle) ? select.weight(handle, true) : NO_WEIGHT;
    }

    private Value value(SQLExpr expr) {
        Literal literal = literal(expr);
        if (literal != null) {
            return new Value(NO_WEIGHT, literal, expr);
        }
        if (expr instanceof SQLLiteralExpr
                || expr instanceof SQLBinaryOpExpr binary && binary.getOperator() == SQLBinaryOperator.COLLATE) {
            throw unsupported(expr); // hex, bit, introducers, N'...', COLLATE: not compared as a plain literal is
        }
        int handle;
        if (expr instanceof SQLAggregateExpr aggregate) {
            handle = aggregates.handleOf(aggregate);
        } else if (Aggregates.contains(expr)) {
            throw unsupported(expr);
        } else {
            int visible = select.visibleMatch(expr);
            handle = visible >= 0 ? visible : select.hide(expr);
        }
        return new Value(handle, null, expr);
    }

    /** The literal {@code expr} is, or {@code null} if it is none Tessera compares. */
    private static Literal literal(SQLExpr expr) {
        if (expr instanceof SQLNumericLiteralExpr number) {
            return new Literal(Literal.Kind.NUMBER, new BigDecimal(number.getNumber().toString()).toString());
        }
        if (expr instanceof SQLUnaryExpr unary && unary.getOperator() == SQLUnaryOperator.Negative
                && unary.getExpr() instanceof SQLNumericLiteralExpr number) {
            return new Literal(Literal.Kind.NUMBER, new BigDecimal(number.getNumber().toString()).negate().toString());
        }
        if (expr instanceof SQLNullExpr) {
            return Literal.NULL;
        }
        if (expr.getClass() == SQLCharExpr.class && ((SQLCharExpr) expr).getCollate() == null) {
            return new Literal(Literal.Kind.STRING, ((SQLCharExpr) expr).getText());
        }
        if (expr instanceof SQLDateExpr date) {
            return new Literal(Literal.Kind.DATE, date.getValue());
        }
        if (expr instanceof SQLTimeExpr time) {
            return new Literal(Literal.Kind.TIME, time.getValue());
        }
        if (expr instanceof SQLTimestampExpr timestamp) {
            return new Literal(Literal.Kind.TIMESTAMP, timestamp.getValue());
        }
        return null;
    }

    private static RuntimeException unsupported(SQLExpr expr) {
        return RouteException.notSupported("HAVING " + SQLUtils.toMySqlString(expr) + " cannot be evaluated by"
                + " Tessera over groups spread on several data nodes: it compares aggregates, group columns and"
                + " selected items with each other and with numbers, plain strings and DATE / TIME / TIMESTAMP"
                + " literals");
    }
}
