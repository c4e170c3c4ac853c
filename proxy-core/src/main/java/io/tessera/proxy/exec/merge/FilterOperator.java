package io.tessera.proxy.exec.merge;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Operand;
import java.math.BigDecimal;
import java.util.List;

/**
 * Runs {@link io.tessera.router.plan.Filter}: passes on the rows for which the predicate is true, in SQL's
 * three-valued logic (a comparison with NULL is unknown, NOT unknown is unknown).
 */
final class FilterOperator implements RowSource {

    private final Predicate predicate;
    private final RowSource input;
    private final int columnCount;

    FilterOperator(Predicate predicate, RowSource input, List<ColumnDefinition41> columns) {
        this.predicate = predicate;
        this.input = input;
        this.columnCount = columns.size();
        checkNumeric(predicate, columns);
    }

    @Override
    public Row next() {
        Row row;
        while ((row = input.next()) != null) {
            if (Boolean.TRUE.equals(evaluate(predicate, row))) {
                return row;
            }
            row.release();
        }
        return null;
    }

    @Override
    public boolean isDone() {
        return input.isDone();
    }

    @Override
    public void discard() {
        input.discard();
    }

    /** TRUE, FALSE, or {@code null} for unknown. */
    private Boolean evaluate(Predicate p, Row row) {
        if (p instanceof Predicate.Comparison c) {
            BigDecimal left = value(c.left(), row);
            BigDecimal right = value(c.right(), row);
            if (c.operator() == Predicate.Operator.NULL_SAFE_EQUAL) {
                return left == null || right == null ? left == right : left.compareTo(right) == 0;
            }
            return left == null || right == null ? null : c.operator().holds(left.compareTo(right));
        }
        if (p instanceof Predicate.IsNull n) {
            return (value(n.operand(), row) == null) != n.negated();
        }
        if (p instanceof Predicate.Not not) {
            Boolean inner = evaluate(not.term(), row);
            return inner == null ? null : !inner;
        }
        boolean and = p instanceof Predicate.And;
        List<Predicate> terms = and ? ((Predicate.And) p).terms() : ((Predicate.Or) p).terms();
        boolean unknown = false;
        for (Predicate term : terms) {
            Boolean value = evaluate(term, row);
            if (value == null) {
                unknown = true;
            } else if (value != and) {
                return value; // FALSE decides an AND, TRUE an OR
            }
        }
        return unknown ? null : and;
    }

    private BigDecimal value(Operand operand, Row row) {
        if (!operand.isColumn()) {
            return operand.literal();
        }
        int column = Columns.resolve(operand.column(), columnCount);
        if (row.isNull(column)) {
            return null;
        }
        return Values.parseDecimal(row.buffer(), row.valueStart(column), row.valueLength(column));
    }

    private static void checkNumeric(Predicate p, List<ColumnDefinition41> columns) {
        if (p instanceof Predicate.Comparison c) {
            checkNumeric(c.left(), columns);
            checkNumeric(c.right(), columns);
        } else if (p instanceof Predicate.IsNull n) {
            checkNumeric(n.operand(), columns);
        } else if (p instanceof Predicate.Not not) {
            checkNumeric(not.term(), columns);
        } else {
            List<Predicate> terms = p instanceof Predicate.And a ? a.terms() : ((Predicate.Or) p).terms();
            terms.forEach(t -> checkNumeric(t, columns));
        }
    }

    private static void checkNumeric(Operand operand, List<ColumnDefinition41> columns) {
        if (operand.isColumn()) {
            ColumnDefinition41 column = columns.get(Columns.resolve(operand.column(), columns.size()));
            if (!ValueType.of(column).isNumeric()) {
                throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "HAVING over groups spread on several data"
                        + " nodes compares numbers only; '" + column.name() + "' is " + column.type());
            }
        }
    }
}
