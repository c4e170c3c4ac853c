package io.tessera.proxy.it;

import java.util.List;

/**
 * One generated SELECT of {@link MergeDifferentialIT}, with what the comparison needs to know about its answer.
 *
 * @param index its number in the run: the first {@code n} queries of a seed are the same whatever the count
 * @param sql the statement, against table {@code mt} with no schema prefix
 * @param shape what kind of merge it needs
 * @param ordered the ORDER BY makes the row order total, or there is at most one row: compare row by row
 * @param folds per result column, how values that the column's collation deems equal are made equal; a column
 *     past the end of the list is {@link Fold#NONE}
 */
record DifferentialQuery(int index, String sql, Shape shape, boolean ordered, List<Fold> folds) {

    DifferentialQuery {
        folds = List.copyOf(folds);
    }

    /** Refusing it (1235) is a failure: the merge must answer every query of this shape. */
    boolean mustMerge() {
        return shape.mustMerge();
    }

    Fold fold(int column) {
        return column < folds.size() ? folds.get(column) : Fold.NONE;
    }

    @Override
    public String toString() {
        return "#" + index + " " + shape + (ordered ? " ordered" : " multiset") + ": " + sql;
    }

    /** The kinds of SELECT the generator writes; see {@link DifferentialQueries} for what each one looks like. */
    enum Shape {
        PROJECTION(true),
        ORDER_BY(true),
        LIMIT_OFFSET(true),
        AGGREGATE(true),
        GROUP_BY(true),
        HAVING(true),
        /** HAVING over MIN / MAX of DATETIME, DATE, TIME and string values, compared with literals and each other. */
        HAVING_TEMPORAL_OR_STRING(true),
        DISTINCT(true),
        GROUP_ORDER_OTHER(true),
        ORDER_BY_AGGREGATE(true),
        COUNT_DISTINCT_SHARDING_KEY(true),
        UNMERGEABLE(false),
        GROUP_BY_SHARDING_KEY(false);

        private final boolean mustMerge;

        Shape(boolean mustMerge) {
            this.mustMerge = mustMerge;
        }

        /** Refusing a query of this shape (1235) is a failure. */
        boolean mustMerge() {
            return mustMerge;
        }
    }

    /**
     * Where a column holds one arbitrary member of a group of values its collation deems equal (a GROUP BY or
     * DISTINCT key, MIN, MAX), MySQL may return any member, so the comparison folds the group to one value.
     */
    enum Fold {
        /** Compare the exact text. */
        NONE,
        /** PAD SPACE binary collation ({@code utf8mb4_bin} in MariaDB): trailing spaces do not count. */
        TRAILING_SPACE,
        /** Case- and accent-insensitive PAD SPACE collation ({@code _general_ci}, {@code _unicode_ci}). */
        COLLATION
    }
}
