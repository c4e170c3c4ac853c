package io.tessera.router.plan;

/**
 * One ORDER BY (or grouping) key of merged rows.
 *
 * @param column the key's value
 * @param weightColumn where a data node put {@code WEIGHT_STRING(key)}: strings compare by it, under the column's
 *     own collation as the data node does; {@link Columns#NONE} when there is none
 * @param descending DESC
 * @param expression the key as the merge planner names it, by which a run tells {@link SortKeyTypes}
 *     whether it is a string; {@code null} for a key no run learns of
 */
public record SortKey(int column, int weightColumn, boolean descending, String expression) {

    public SortKey(int column, int weightColumn, boolean descending) {
        this(column, weightColumn, descending, null);
    }

    public static SortKey asc(int column) {
        return new SortKey(column, Columns.NONE, false);
    }

    @Override
    public String toString() {
        return Columns.name(column) + (weightColumn == Columns.NONE ? "" : "/" + Columns.name(weightColumn))
                + (descending ? " DESC" : " ASC");
    }
}
