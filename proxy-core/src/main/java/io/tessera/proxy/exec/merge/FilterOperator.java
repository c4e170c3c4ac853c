package io.tessera.proxy.exec.merge;

import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Operand;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs {@link io.tessera.router.plan.Filter}: passes on the rows for which the predicate is true, in SQL's
 * three-valued logic (a comparison with NULL is unknown, NOT unknown is unknown). Each comparison is set up for the
 * types of its sides when the operator is made ({@link ValueComparison}), so that one MySQL would not compare exactly
 * fails before any row goes out.
 */
final class FilterOperator implements RowSource {

    private final Predicate predicate;
    private final RowSource input;
    private final int columnCount;
    private final Map<Predicate.Comparison, ValueComparison> comparisons = new IdentityHashMap<>();

    FilterOperator(Predicate predicate, RowSource input, List<ColumnDefinition41> columns) {
        this.predicate = predicate;
        this.input = input;
        this.columnCount = columns.size();
        prepare(predicate, columns);
    }

    @Override
    public Row next() {
        Row row;
        while ((row = input.next()) != null) {
            boolean passes;
            try {
                passes = Boolean.TRUE.equals(evaluate(predicate, row));
            } catch (RuntimeException e) {
                row.release(); // strings under two collations: the merge fails, and the row is nobody's
                throw e;
            }
            if (passes) {
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
            return comparisons.get(c).holds(row);
        }
        if (p instanceof Predicate.IsNull n) {
            return isNull(n.operand(), row) != n.negated();
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

    private boolean isNull(Operand operand, Row row) {
        return operand.isColumn() ? row.isNull(Columns.resolve(operand.column(), columnCount))
                : operand.literal().kind() == Predicate.Literal.Kind.NULL;
    }

    private void prepare(Predicate p, List<ColumnDefinition41> columns) {
        if (p instanceof Predicate.Comparison c) {
            comparisons.put(c, ValueComparison.of(c, columns));
        } else if (p instanceof Predicate.Not not) {
            prepare(not.term(), columns);
        } else if (p instanceof Predicate.And a) {
            a.terms().forEach(t -> prepare(t, columns));
        } else if (p instanceof Predicate.Or o) {
            o.terms().forEach(t -> prepare(t, columns));
        }
    }
}
