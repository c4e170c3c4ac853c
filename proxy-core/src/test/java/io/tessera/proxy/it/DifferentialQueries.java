package io.tessera.proxy.it;

import static io.tessera.proxy.it.DifferentialFilters.pick;

import io.tessera.proxy.it.DifferentialQuery.Fold;
import io.tessera.proxy.it.DifferentialQuery.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded SELECTs over table {@code mt}, one {@link Shape} after another. Query {@code i} depends only on the seed
 * and {@code i}, so a shorter run replays the start of a longer one. Every query is deterministic on a single
 * MySQL: a LIMIT always follows an ORDER BY that makes the order total, and a grouped query selects only its keys
 * and aggregates. The shapes that may be refused (UNMERGEABLE, GROUP_BY_SHARDING_KEY) come half as often as the
 * others, and the run still has to match 90% of its queries.
 */
final class DifferentialQueries {

    private static final Shape[] CYCLE = cycle();
    private static final List<String> COLUMNS =
            List.of("id", "k", "g", "u", "big", "d", "f", "s", "s2", "sb", "dt", "dd", "bn");
    private static final List<String> SORTABLE = COLUMNS.subList(1, COLUMNS.size());
    private static final List<String> SUMMABLE = List.of("k", "g", "u", "big", "d", "f");
    /** Expressions with the alias they get when aliased. */
    private static final String[][] EXPRESSIONS = {{"k+1", "kk"}, {"-k", "nk"}, {"d*2", "d2"}, {"u DIV 3", "u3"},
        {"COALESCE(k, -1)", "kc"}, {"CONCAT(s, '!')", "sx"}, {"LOWER(sb)", "lb"}, {"DATE(dt)", "dday"},
        {"YEAR(dd)", "yy"}, {"big DIV 1000", "bk"}, {"f*2", "f2"}, {"LENGTH(bn)", "blen"}};
    private static final List<List<String>> GROUP_KEYS = List.of(List.of("g"), List.of("g", "k"), List.of("s"),
            List.of("s2"), List.of("sb"), List.of("dd"), List.of("g", "s"), List.of("k"), List.of("g", "dd"),
            List.of("bn"), List.of("s2", "g"));
    /** Aggregates whose value is exact (no DOUBLE), so that ordering by them is deterministic. */
    private static final String[] EXACT_AGGREGATES = {"COUNT(*)", "COUNT(k)", "SUM(d)", "SUM(k)", "SUM(u)",
        "SUM(big)", "MAX(k)", "MIN(dt)", "AVG(k)", "AVG(d)", "MIN(u)", "MAX(dd)"};
    private static final String[] HAVING = {"COUNT(*) > %d", "SUM(d) BETWEEN 10 AND 500",
        "cnt >= 2 AND MIN(k) IS NOT NULL", "MAX(k) > 10 OR COUNT(*) < 5", "NOT (AVG(k) > 100)",
        "MIN(d) < 0 AND MAX(u) > 2147483647",
        "COUNT(k) >= %d OR SUM(big) > 0", "NOT (cnt < %d)", "SUM(u) BETWEEN 1000000 AND 99999999999"};

    private final long seed;
    private final int rowCount;
    private final DifferentialFilters filters;

    /** With {@code oneNode}, every query pins the sharding key to one node, so Tessera passes it through. */
    DifferentialQueries(long seed, DifferentialData data, boolean oneNode) {
        this.seed = seed;
        this.rowCount = data.rowCount();
        this.filters = new DifferentialFilters(data, oneNode);
    }

    List<DifferentialQuery> generate(int count) {
        List<DifferentialQuery> queries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            queries.add(query(i));
        }
        return queries;
    }

    DifferentialQuery query(int index) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        Shape shape = CYCLE[index % CYCLE.length];
        DifferentialSelect q = new DifferentialSelect(shape);
        switch (shape) {
            case PROJECTION -> projection(r, q);
            case ORDER_BY -> orderBy(r, q, r.nextInt(5) != 0);
            case LIMIT_OFFSET -> {
                orderBy(r, q, true);
                q.limit(r, rowCount);
            }
            case AGGREGATE -> aggregate(r, q);
            case GROUP_BY -> groupBy(r, q);
            case HAVING -> having(r, q);
            case HAVING_TEMPORAL_OR_STRING -> havingTemporalOrString(r, q);
            case DISTINCT -> distinct(r, q);
            case GROUP_ORDER_OTHER -> groupOrderOther(r, q);
            case ORDER_BY_AGGREGATE -> orderByAggregate(r, q);
            case COUNT_DISTINCT_SHARDING_KEY -> countDistinctId(r, q);
            case UNMERGEABLE -> unmergeable(r, q);
            case GROUP_BY_SHARDING_KEY -> groupById(r, q);
            default -> throw new IllegalStateException("shape without a generator: " + shape);
        }
        return q.build(index);
    }

    private void projection(SplittableRandom r, DifferentialSelect q) {
        if (r.nextInt(10) == 0) {
            q.item("*", Fold.NONE);
        } else {
            for (int n = 1 + r.nextInt(5); n > 0; n--) {
                if (r.nextInt(3) == 0) {
                    String[] e = EXPRESSIONS[r.nextInt(EXPRESSIONS.length)];
                    q.item(r.nextBoolean() ? e[0] + " AS " + e[1] : e[0], Fold.NONE);
                } else {
                    q.item(COLUMNS.get(r.nextInt(COLUMNS.size())), Fold.NONE);
                }
            }
        }
        q.where(where(r));
    }

    /** Sort keys by name, alias, position or expression, some not selected; {@code id} last makes it total. */
    private void orderBy(SplittableRandom r, DifferentialSelect q, boolean total) {
        for (int n = r.nextInt(3); n > 0; n--) {
            q.item(COLUMNS.get(r.nextInt(COLUMNS.size())), Fold.NONE);
        }
        for (int n = total ? r.nextInt(4) : 1 + r.nextInt(3); n > 0; n--) {
            String dir = pick(r, "", " ASC", " DESC");
            String column = SORTABLE.get(r.nextInt(SORTABLE.size()));
            String[] e = EXPRESSIONS[r.nextInt(EXPRESSIONS.length)];
            switch (r.nextInt(7)) {
                case 0 -> q.order(column + dir);  // need not be selected
                case 1 -> {
                    q.item(column, Fold.NONE);
                    q.order(column + dir);
                }
                case 2 -> q.order(q.item(column, Fold.NONE) + dir);
                case 3 -> {
                    q.item(e[0] + " AS " + e[1], Fold.NONE);
                    q.order(e[1] + dir);
                }
                case 4 -> {
                    q.item(e[0], Fold.NONE);
                    q.order(e[0] + dir);
                }
                case 5 -> q.order(q.item(e[0] + " AS " + e[1], Fold.NONE) + dir);
                default -> {
                    q.item(column + " AS " + column + "_a", Fold.NONE);
                    q.order(column + "_a" + dir);
                }
            }
        }
        if (q.itemCount() == 0 || r.nextInt(4) != 0) {
            q.item("id", Fold.NONE);
        }
        if (total) {
            q.order("id" + pick(r, "", " DESC"));
        }
        q.ordered(total);
        q.where(where(r));
    }

    private void aggregate(SplittableRandom r, DifferentialSelect q) {
        for (int n = 2 + r.nextInt(5); n > 0; n--) {
            aggregateItem(r, q, r.nextBoolean() ? "agg" + q.itemCount() : null);
        }
        q.where(r.nextInt(6) == 0 ? filters.whereNothing(r) : where(r));
        q.ordered(true);
    }

    private void groupBy(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = groupKeys(r, q);
        for (int n = 1 + r.nextInt(4); n > 0; n--) {
            aggregateItem(r, q, r.nextBoolean() ? "agg" + q.itemCount() : null);
        }
        q.where(where(r));
        q.groupBy(String.join(", ", keys));
        if (r.nextBoolean()) {
            orderByKeys(r, q, keys);
            q.ordered(true);
        }
    }

    private void having(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = groupKeys(r, q);
        q.item("COUNT(*) AS cnt", Fold.NONE);
        for (int n = r.nextInt(3); n > 0; n--) {
            aggregateItem(r, q, r.nextBoolean() ? "agg" + q.itemCount() : null);
        }
        q.where(where(r));
        q.groupBy(String.join(", ", keys));
        String having = String.format(HAVING[r.nextInt(HAVING.length)], r.nextInt(0, 8));
        q.having(r.nextInt(4) == 0 ? "(" + having + ") " + pick(r, "AND", "OR") + " COUNT(*) " + pick(r, "<", ">")
                + " " + r.nextInt(1, 20) : having);
        if (r.nextBoolean()) {
            orderByKeys(r, q, keys);
            q.ordered(true);
        }
    }

    /**
     * HAVING over dates, times and strings (see {@link DifferentialHavings}), grouped or over one group of every
     * row; the aggregate it names is sometimes selected too, and then sometimes named by its alias.
     */
    private void havingTemporalOrString(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = r.nextInt(4) == 0 ? List.of() : groupKeys(r, q);
        q.item("COUNT(*) AS cnt", Fold.NONE);
        String condition = DifferentialHavings.condition(r, keys);
        if (r.nextBoolean()) {
            String aggregate = DifferentialHavings.aggregate(r);
            Fold fold = fold(aggregate.substring(4, aggregate.length() - 1));
            if (r.nextBoolean() && condition.contains(aggregate)) {
                q.item(aggregate + " AS x", fold);
                condition = condition.replace(aggregate, "x");
            } else {
                q.item(aggregate, fold);
            }
        }
        q.where(where(r));
        if (!keys.isEmpty()) {
            q.groupBy(String.join(", ", keys));
        }
        q.having(condition);
        if (keys.isEmpty() || r.nextBoolean()) {
            orderByKeys(r, q, keys);
            q.ordered(true);
        }
    }

    private void distinct(SplittableRandom r, DifferentialSelect q) {
        List<String> columns = pickOf(r, List.of(List.of("k"), List.of("g", "k"), List.of("s"), List.of("s2"),
                List.of("sb"), List.of("g", "s"), List.of("dd"), List.of("bn"), List.of("u"), List.of("s", "sb")));
        q.distinct();
        for (String column : columns) {
            q.item(column, fold(column));
        }
        q.where(where(r));
        if (r.nextInt(3) != 0) {
            orderByKeys(r, q, columns);
            q.ordered(true);
            if (r.nextBoolean()) {
                q.limit(r, rowCount);
            }
        }
    }

    /** GROUP BY one thing, ORDER BY an aggregate's alias and then every key, so the order is total. */
    private void groupOrderOther(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = groupKeys(r, q);
        q.item("COUNT(*) AS cnt", Fold.NONE);
        String aggregate = EXACT_AGGREGATES[r.nextInt(EXACT_AGGREGATES.length)];
        q.item(aggregate + " AS x", Fold.NONE);
        q.where(where(r));
        q.groupBy(String.join(", ", keys));
        q.order(pick(r, "cnt", "x") + pick(r, "", " DESC"));
        orderByKeys(r, q, keys);
        q.ordered(true);
        if (r.nextBoolean()) {
            q.limit(r, rowCount);
        }
    }

    /** ORDER BY an aggregate written out, selected or not, then every key. */
    private void orderByAggregate(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = groupKeys(r, q);
        String aggregate = EXACT_AGGREGATES[r.nextInt(EXACT_AGGREGATES.length)];
        if (r.nextBoolean()) {
            q.item(aggregate, Fold.NONE);
        }
        for (int n = r.nextInt(3); n > 0; n--) {
            aggregateItem(r, q, null);
        }
        q.where(where(r));
        q.groupBy(String.join(", ", keys));
        q.order(aggregate + pick(r, "", " DESC"));
        orderByKeys(r, q, keys);
        q.ordered(true);
        if (r.nextInt(5) < 2) {
            q.limit(r, rowCount);
        }
    }

    private void countDistinctId(SplittableRandom r, DifferentialSelect q) {
        switch (r.nextInt(4)) {
            case 0 -> q.item("COUNT(DISTINCT id)", Fold.NONE);
            case 1 -> {
                q.item("COUNT(DISTINCT id) AS n", Fold.NONE);
                q.item("COUNT(*)", Fold.NONE);
                q.item("SUM(k)", Fold.NONE);
            }
            default -> {
                List<String> keys = groupKeys(r, q);
                q.item("COUNT(DISTINCT id) AS n", Fold.NONE);
                q.groupBy(String.join(", ", keys));
                if (r.nextBoolean()) {
                    q.order("n" + pick(r, "", " DESC"));
                    orderByKeys(r, q, keys);
                }
            }
        }
        q.ordered(!q.grouped() || q.hasOrderBy());
        q.where(where(r));
    }

    private void unmergeable(SplittableRandom r, DifferentialSelect q) {
        boolean grouped = r.nextBoolean();
        if (grouped) {
            q.item("g", Fold.NONE);
            q.groupBy("g");
        }
        q.item(pick(r, "COUNT(DISTINCT k)", "GROUP_CONCAT(s ORDER BY id)", "GROUP_CONCAT(sb ORDER BY id SEPARATOR '|')",
                "SUM(DISTINCT k)", "SUM(k)+1 AS s1", "MAX(k)-MIN(k) AS spread", "AVG(DISTINCT d)",
                "COUNT(DISTINCT s)", "COUNT(DISTINCT g, k)"), Fold.NONE);
        if (r.nextBoolean()) {
            aggregateItem(r, q, null);
        }
        q.where(r.nextInt(4) == 0 ? filters.whereOneNode(r) : where(r));
        if (grouped && r.nextBoolean()) {
            q.order("g" + pick(r, "", " DESC"));
        }
        q.ordered(!grouped || q.hasOrderBy());
    }

    /** Every group lives on one node, so anything inside a group may be answered by the nodes themselves. */
    private void groupById(SplittableRandom r, DifferentialSelect q) {
        boolean withG = r.nextBoolean();
        q.item("id", Fold.NONE);
        if (withG) {
            q.item("g", Fold.NONE);
        }
        q.item(pick(r, "COUNT(DISTINCT k)", "GROUP_CONCAT(s ORDER BY s)", "SUM(DISTINCT k)", "COUNT(*)",
                "MAX(d) - MIN(d) AS z", "AVG(f)"), Fold.NONE);
        if (r.nextBoolean()) {
            aggregateItem(r, q, null);
        }
        q.where(r.nextInt(4) == 0 ? filters.whereOneNode(r) : where(r));
        q.groupBy(withG ? "id, g" : "id");
        if (r.nextInt(4) == 0) {
            q.having(pick(r, "COUNT(*) = 1", "MAX(k) > 0", "MIN(s) IS NOT NULL"));
        }
        if (r.nextBoolean()) {
            q.order("id" + pick(r, "", " DESC"));
            q.ordered(true);
            if (r.nextBoolean()) {
                q.limit(r, rowCount);
            }
        }
    }

    private String where(SplittableRandom r) {
        return filters.where(r);
    }

    /** Selects the keys (each once) and returns them; the caller writes the GROUP BY. */
    private static List<String> groupKeys(SplittableRandom r, DifferentialSelect q) {
        List<String> keys = pickOf(r, GROUP_KEYS);
        for (String key : keys) {
            q.item(key, fold(key));
        }
        return keys;
    }

    /** Orders by every key (name or position, any direction): total over groups or distinct rows. */
    private static void orderByKeys(SplittableRandom r, DifferentialSelect q, List<String> keys) {
        for (String key : keys) {
            String reference = r.nextInt(3) == 0 ? Integer.toString(q.position(key)) : key;
            q.order(reference + pick(r, "", " ASC", " DESC"));
        }
    }

    private static void aggregateItem(SplittableRandom r, DifferentialSelect q, String alias) {
        String column = SORTABLE.get(r.nextInt(SORTABLE.size()));
        String summable = SUMMABLE.get(r.nextInt(SUMMABLE.size()));
        Fold fold = Fold.NONE;
        String sql;
        switch (r.nextInt(6)) {
            case 0 -> sql = "COUNT(*)";
            case 1 -> sql = "COUNT(" + column + ")";
            case 2 -> sql = "SUM(" + summable + ")";
            case 3 -> sql = "AVG(" + summable + ")";
            default -> {
                sql = pick(r, "MIN(", "MAX(") + column + ")";
                fold = fold(column);
            }
        }
        q.item(alias == null ? sql : sql + " AS " + alias, fold);
    }

    /** How values of a column compare when MySQL may return any member of an equal group. */
    private static Fold fold(String column) {
        return switch (column) {
            case "s", "s2" -> Fold.COLLATION;
            case "sb" -> Fold.TRAILING_SPACE;
            default -> Fold.NONE;
        };
    }

    private static <T> T pickOf(SplittableRandom r, List<T> choices) {
        return choices.get(r.nextInt(choices.size()));
    }

    private static Shape[] cycle() {
        List<Shape> cycle = new ArrayList<>();
        for (Shape shape : Shape.values()) {
            cycle.add(shape);
            if (shape.mustMerge()) {
                cycle.add(shape);
            }
        }
        return cycle.toArray(Shape[]::new);
    }
}
