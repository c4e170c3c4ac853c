package io.tessera.router.plan;

/**
 * One aggregate of merged groups: the data nodes computed it per node; {@link Aggregate} combines their values.
 *
 * @param function how per-node values combine
 * @param column where the value is, in the data nodes' rows and in the merged row
 * @param sumColumn for AVG: the per-node {@code SUM(x)} the router added; else {@link Columns#NONE}
 * @param countColumn for AVG: the per-node {@code COUNT(x)} the router added; else {@link Columns#NONE}
 * @param weightColumn for MIN and MAX: {@code WEIGHT_STRING} of the per-node value, so strings compare under their
 *     collation; else {@link Columns#NONE}
 */
public record AggregateColumn(Function function, int column, int sumColumn, int countColumn, int weightColumn) {

    /** How the per-node values of one aggregate combine into the value over all rows. */
    public enum Function {
        /** Per-node counts add up (COUNT, or COUNT(DISTINCT) of the sharding column). */
        COUNT,
        /** Per-node sums add up; NULL when every node's is NULL. */
        SUM,
        MIN,
        MAX,
        /** The sum of the per-node sums over the sum of the per-node counts, with the column's scale. */
        AVG
    }

    public static AggregateColumn of(Function function, int column) {
        return new AggregateColumn(function, column, Columns.NONE, Columns.NONE, Columns.NONE);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(function.name()).append('(').append(Columns.name(column));
        if (sumColumn != Columns.NONE) {
            sb.append(" = ").append(Columns.name(sumColumn)).append('/').append(Columns.name(countColumn));
        }
        if (weightColumn != Columns.NONE) {
            sb.append(" by ").append(Columns.name(weightColumn));
        }
        return sb.append(')').toString();
    }
}
