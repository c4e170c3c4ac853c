package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.expr.SQLBetweenExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLInListExpr;
import com.alibaba.druid.sql.ast.expr.SQLLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLNotExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumericLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryOperator;
import io.tessera.router.error.RouteException;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Operand;
import io.tessera.router.plan.Predicate.Operator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a HAVING condition into a {@link Predicate} over merged groups: AND, OR, NOT, comparisons, BETWEEN, IN and
 * IS [NOT] NULL between aggregates, selected items, group expressions and numeric literals. Anything else (string
 * literals, functions of aggregates) is refused: Tessera compares numbers only.
 */
final class HavingCompiler {

    private final SelectList select;
    private final Aggregates aggregates;

    HavingCompiler(SelectList select, Aggregates aggregates) {
        this.select = select;
        this.aggregates = aggregates;
    }

    Predicate compile(SQLExpr having) {
        if (having instanceof SQLBinaryOpExpr binary) {
            return binary(binary);
        }
        if (having instanceof SQLNotExpr not) {
            return new Predicate.Not(compile(not.getExpr()));
        }
        if (having instanceof SQLBetweenExpr between) {
            Operand test = operand(between.getTestExpr());
            Predicate range = new Predicate.And(List.of(
                    new Predicate.Comparison(Operator.GREATER_OR_EQUAL, test, operand(between.getBeginExpr())),
                    new Predicate.Comparison(Operator.LESS_OR_EQUAL, test, operand(between.getEndExpr()))));
            return between.isNot() ? new Predicate.Not(range) : range;
        }
        if (having instanceof SQLInListExpr in) {
            Operand test = operand(in.getExpr());
            List<Predicate> equals = new ArrayList<>();
            for (SQLExpr target : in.getTargetList()) {
                equals.add(new Predicate.Comparison(Operator.EQUAL, test, operand(target)));
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
                    return new Predicate.IsNull(operand(binary.getLeft()), op == SQLBinaryOperator.IsNot);
                }
                throw unsupported(binary);
            default:
                Operator comparison = comparison(op);
                if (comparison == null) {
                    throw unsupported(binary);
                }
                return new Predicate.Comparison(comparison, operand(binary.getLeft()), operand(binary.getRight()));
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

    private Operand operand(SQLExpr expr) {
        if (expr instanceof SQLNumericLiteralExpr number) {
            return Operand.literal(new BigDecimal(number.getNumber().toString()));
        }
        if (expr instanceof SQLUnaryExpr unary && unary.getOperator() == SQLUnaryOperator.Negative
                && unary.getExpr() instanceof SQLNumericLiteralExpr number) {
            return Operand.literal(new BigDecimal(number.getNumber().toString()).negate());
        }
        if (expr instanceof SQLNullExpr) {
            return Operand.literal(null);
        }
        if (expr instanceof SQLLiteralExpr) {
            throw unsupported(expr); // a string or temporal literal: compared under collations Tessera does not know
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
        return Operand.column(select.column(handle)); // no * here: columns do not move as items are hidden
    }

    private static RuntimeException unsupported(SQLExpr expr) {
        return RouteException.notSupported("HAVING " + expr + " cannot be evaluated by Tessera over groups spread on"
                + " several data nodes: it compares aggregates, selected columns and numbers only");
    }
}
