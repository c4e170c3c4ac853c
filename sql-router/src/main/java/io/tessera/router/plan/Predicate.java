package io.tessera.router.plan;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A condition on merged rows (HAVING), evaluated with SQL's three-valued logic: a comparison with NULL is unknown,
 * and a row passes only when the whole condition is true. Values compare as MySQL compares their types, which only
 * the rows' column definitions tell: numbers as numbers, temporal values by time (a string literal converted to the
 * column's type), strings by the weights the data nodes computed under the column's collation.
 */
public sealed interface Predicate {

    /**
     * A value a comparison reads: a column of the row, or a literal of the statement.
     *
     * @param column the column; {@link Columns#NONE} for a literal
     * @param weightColumn where the data nodes put the value's {@code collation:WEIGHT_STRING}, for a comparison of
     *     strings: a string column's own, or a string literal's under the collation of the column it is compared
     *     with; {@link Columns#NONE} when the comparison needs none, or when no exact one exists
     * @param literal the literal; {@code null} for a column
     */
    record Operand(int column, int weightColumn, Literal literal) {

        public static Operand column(int column) {
            return new Operand(column, Columns.NONE, null);
        }

        public static Operand column(int column, int weightColumn) {
            return new Operand(column, weightColumn, null);
        }

        public static Operand literal(Literal literal) {
            return new Operand(Columns.NONE, Columns.NONE, literal);
        }

        public static Operand literal(Literal literal, int weightColumn) {
            return new Operand(Columns.NONE, weightColumn, literal);
        }

        public boolean isColumn() {
            return column != Columns.NONE;
        }

        public boolean hasWeight() {
            return weightColumn != Columns.NONE;
        }

        @Override
        public String toString() {
            String value = isColumn() ? Columns.name(column) : literal.toString();
            return hasWeight() ? value + "/" + Columns.name(weightColumn) : value;
        }
    }

    /**
     * A literal as the statement wrote it.
     *
     * @param kind what it is
     * @param text its value: a number's digits, a string's characters (unquoted), a temporal literal's string;
     *     {@code null} for NULL
     */
    record Literal(Kind kind, String text) {

        public static final Literal NULL = new Literal(Kind.NULL, null);

        /** What a literal is: MySQL compares each kind differently. */
        public enum Kind {
            NULL,
            NUMBER,
            /** A plain {@code '...'}: compared under the other side's collation, or converted to its type. */
            STRING,
            /** {@code DATE '...'}. */
            DATE,
            /** {@code TIME '...'}. */
            TIME,
            /** {@code TIMESTAMP '...'}. */
            TIMESTAMP
        }

        @Override
        public String toString() {
            return switch (kind) {
                case NULL -> "NULL";
                case NUMBER -> text;
                case STRING -> quoted();
                case DATE, TIME, TIMESTAMP -> kind + " " + quoted();
            };
        }

        private String quoted() {
            return "'" + text.replace("'", "''") + "'";
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
