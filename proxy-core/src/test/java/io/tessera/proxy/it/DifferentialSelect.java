package io.tessera.proxy.it;

import io.tessera.proxy.it.DifferentialQuery.Fold;
import io.tessera.proxy.it.DifferentialQuery.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** A SELECT being assembled: the select list with a fold per item, then the clauses. */
final class DifferentialSelect {

    private final Shape shape;
    private final List<String> items = new ArrayList<>();
    private final List<Fold> folds = new ArrayList<>();
    private final List<String> orderBy = new ArrayList<>();
    private boolean distinct;
    private String where = "";
    private String groupBy;
    private String having;
    private String limit = "";
    private boolean ordered;

    DifferentialSelect(Shape shape) {
        this.shape = shape;
    }

    /** Adds the item unless already selected; returns its 1-based position. */
    int item(String sql, Fold fold) {
        int at = items.indexOf(sql);
        if (at >= 0) {
            return at + 1;
        }
        items.add(sql);
        folds.add(fold);
        return items.size();
    }

    int itemCount() {
        return items.size();
    }

    int position(String sql) {
        return items.indexOf(sql) + 1;
    }

    void order(String key) {
        orderBy.add(key);
    }

    boolean hasOrderBy() {
        return !orderBy.isEmpty();
    }

    /** The WHERE clause with its leading space, or {@code ""}. */
    void where(String clause) {
        where = clause;
    }

    void groupBy(String keys) {
        groupBy = keys;
    }

    boolean grouped() {
        return groupBy != null;
    }

    void having(String condition) {
        having = condition;
    }

    void distinct() {
        distinct = true;
    }

    /** Says the order of the answer is total (or it has at most one row). */
    void ordered(boolean total) {
        ordered = total;
    }

    void limit(SplittableRandom r, int rowCount) {
        int n = r.nextInt(51);
        int m = r.nextInt(8) == 0 ? rowCount + r.nextInt(100) : r.nextInt(51);
        limit = switch (r.nextInt(3)) {
            case 0 -> " LIMIT " + n;
            case 1 -> " LIMIT " + m + ", " + n;
            default -> " LIMIT " + n + " OFFSET " + m;
        };
    }

    DifferentialQuery build(int index) {
        StringBuilder sql = new StringBuilder("SELECT ").append(distinct ? "DISTINCT " : "")
                .append(String.join(", ", items)).append(" FROM mt").append(where);
        if (groupBy != null) {
            sql.append(" GROUP BY ").append(groupBy);
        }
        if (having != null) {
            sql.append(" HAVING ").append(having);
        }
        if (!orderBy.isEmpty()) {
            sql.append(" ORDER BY ").append(String.join(", ", orderBy));
        }
        sql.append(limit);
        return new DifferentialQuery(index, sql.toString(), shape, ordered, folds);
    }
}
