package io.tessera.router.plan;

/** Column indexes of merge nodes: non-negative from the start, negative from the end of the data nodes' rows. */
public final class Columns {

    /** No such column (e.g. a sort key without a weight column). */
    public static final int NONE = Integer.MIN_VALUE;

    private Columns() {
    }

    /** The absolute index of {@code index} in rows of {@code count} columns. */
    public static int resolve(int index, int count) {
        return index >= 0 ? index : count + index;
    }

    /** How plans print a column: {@code #2}, or {@code #-1} for the last. */
    static String name(int index) {
        return "#" + index;
    }
}
