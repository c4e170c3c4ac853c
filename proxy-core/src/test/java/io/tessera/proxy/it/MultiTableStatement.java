package io.tessera.proxy.it;

/**
 * One generated statement of {@link MultiTableDifferentialIT}.
 *
 * @param index its number in the run: the first {@code n} statements of a seed are the same whatever the count
 * @param category what it combines (for the report)
 * @param write it changes rows: compared by the tables' contents afterwards
 * @param ordered its ORDER BY makes the row order total: rows compare in order
 * @param mustAnswer Tessera can answer it exactly, so refusing it (1235) is a failure too
 */
record MultiTableStatement(int index, String category, String sql, boolean write, boolean ordered,
        boolean mustAnswer) {

    @Override
    public String toString() {
        return "#" + index + " " + category + (mustAnswer ? " (must answer)" : "") + ": " + sql;
    }
}
