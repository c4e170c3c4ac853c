package io.tessera.router.plan;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A condition on merged rows (HAVING), evaluated with SQL's three-valued logic: a comparison with NULL is unknown,
 * and a row passes only when the whole condition is true. Values compare as numbers.
 */
public sealed interface Predicate {

    /** A column of the row, or a numeric literal ({@code null} for SQL NULL). */
    record Operand(int column, BigDecimal literal) {

        public static Operand column(int column) {
            return new Operand(column, null);
        }

        public static Operand literal(BigDecimal value) {
            return new Operand(Columns.NONE, value);
        }

        public boolean isColumn() {
            return column != Columns.NONE;
        }

        @Override
        public String toString() {
            return isColumn() ? Columns.name(column) : String.valueOf(literal == null ? "NULL" : literal);
        }
    }

    /** {@code left op right}. */
    record Comparison(Operator operator, Operand left, Operand right) implements Predicate {
        @Override
        public String toString() {
            return left + " " + operator.symbol + " " + right;
        }
    }

    /** {@code operand IS [NOT] NULL}: never unknown. */
    record IsNull(Operand operand, boolean negated) implements Predicate {
        @Override
        public String toString() {
            return operand + (negated ? " IS NOT NULL" : " IS NULL");
        }
    }

    record And(List<Predicate> terms) implements Predicate {
        public And {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return terms.stream().map(Object::toString).collect(Collectors.joining(" AND ", "(", ")"));
        }
    }

    record Or(List<Predicate> terms) implements Predicate {
        public Or {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return terms.stream().map(Object::toString).collect(Collectors.joining(" OR ", "(", ")"));
        }
    }

    record Not(Predicate term) implements Predicate {
        @Override
        public String toString() {
            return "NOT " + term;
        }
    }

    /** The comparisons; {@link #NULL_SAFE_EQUAL} ({@code <=>}) is never unknown. */
    enum Operator {
        EQUAL("="), NOT_EQUAL("<>"), LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">="),
        NULL_SAFE_EQUAL("<=>");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        /** Whether {@code left op right} holds, given {@code cmp = compare(left, right)}. */
        public boolean holds(int cmp) {
            return switch (this) {
                case EQUAL, NULL_SAFE_EQUAL -> cmp == 0;
                case NOT_EQUAL -> cmp != 0;
                case LESS -> cmp < 0;
                case LESS_OR_EQUAL -> cmp <= 0;
                case GREATER -> cmp > 0;
                case GREATER_OR_EQUAL -> cmp >= 0;
            };
        }
    }
}
