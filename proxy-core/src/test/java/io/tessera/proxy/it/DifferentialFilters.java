package io.tessera.proxy.it;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * WHERE clauses for the queries of {@link MergeDifferentialIT}: ranges, collation-sensitive equality, LIKE, IS
 * NULL, ids on one to three data nodes, filters matching no row, and two of these combined.
 */
final class DifferentialFilters {

    /** Ids beyond every generated one: IN lists of them match nothing yet still reach chosen nodes. */
    private static final long ABSENT_ID_BASE = 9_000_000_000_000L;

    private final DifferentialData data;
    private final boolean oneNode;

    /** With {@code oneNode}, every clause pins the sharding key to ids of one node. */
    DifferentialFilters(DifferentialData data, boolean oneNode) {
        this.data = data;
        this.oneNode = oneNode;
    }

    /** {@code ""} about a third of the time, else {@code " WHERE ..."}. */
    String where(SplittableRandom r) {
        if (oneNode) {
            return whereOneNode(r);
        }
        return r.nextInt(3) == 0 ? "" : " WHERE " + filter(r, true);
    }

    /** A WHERE clause that matches no row (some reach every node, some only a few). */
    String whereNothing(SplittableRandom r) {
        if (oneNode) {
            return " WHERE id = " + (ABSENT_ID_BASE + r.nextInt(1000));
        }
        return " WHERE " + nothing(r);
    }

    /** A WHERE clause on the sharding key only: the query reaches one node. */
    String whereOneNode(SplittableRandom r) {
        return r.nextBoolean() ? " WHERE id = " + anyId(r) : " WHERE id IN (" + ids(r, 1) + ")";
    }

    private String filter(SplittableRandom r, boolean mayCombine) {
        switch (r.nextInt(mayCombine ? 16 : 14)) {
            case 0 -> {
                int low = r.nextInt(-200, 51);
                return "k BETWEEN " + low + " AND " + (low + r.nextInt(400));
            }
            case 1 -> {
                return "k " + pick(r, ">", ">=", "<", "<=", "<>") + " " + pick(r, "0", "1", "7", "42", "-100", "500");
            }
            case 2 -> {
                return pick(r, "s", "s2", "sb") + " = " + DifferentialData.quote(word(r));
            }
            case 3 -> {
                return pick(r, "s", "s2", "sb") + " IN (" + DifferentialData.quote(word(r)) + ", "
                        + DifferentialData.quote(word(r)) + ")";
            }
            case 4 -> {
                return "id IN (" + ids(r, 1 + r.nextInt(3)) + ")";
            }
            case 5 -> {
                return "id = " + anyId(r);
            }
            case 6 -> {
                return pick(r, "k IS NULL", "g IS NOT NULL", "s IS NULL", "d IS NULL", "dt IS NOT NULL",
                        "bn IS NULL", "f IS NOT NULL");
            }
            case 7 -> {
                return pick(r, "s LIKE 'a%'", "sb LIKE '%e'", "s2 LIKE 'r_sum_'", "s LIKE '%É%'", "sb NOT LIKE 'A%'",
                        "s2 LIKE '%'");
            }
            case 8 -> {
                return pick(r, "g IN (0, 1)", "g = 2", "g <> 0", "g < 0 OR g > 2");
            }
            case 9 -> {
                return pick(r, "d > 10.5", "d < 0", "d BETWEEN -1.5 AND 99.999", "u > 2147483647", "u <= 100000",
                        "big < 0", "big > 4611686018427387904", "f > 0", "f BETWEEN -1 AND 1");
            }
            case 10 -> {
                return pick(r, "dt >= '2020-06-01'", "dt < '2020-03-01 12:00:00.500'",
                        "dd BETWEEN '2021-01-10' AND '2021-02-10'", "dd <> '2021-01-01'", "bn > X'41'",
                        "bn = X''");
            }
            case 11 -> {
                return nothing(r);
            }
            case 12 -> {
                long low = data.ids().get(r.nextInt(data.rowCount()));
                return "id BETWEEN " + low + " AND " + (low + r.nextInt(2, 2000));
            }
            case 13 -> {
                return pick(r, "NOT (k > 0)", "NOT (s = 'apple')", "NOT (g IS NULL)", "k NOT IN (0, 1, 7)");
            }
            default -> {
                return "(" + filter(r, false) + ") " + pick(r, "AND", "OR") + " (" + filter(r, false) + ")";
            }
        }
    }

    private String nothing(SplittableRandom r) {
        return switch (r.nextInt(5)) {
            case 0 -> "g > 100";
            case 1 -> "s = 'no such word'";
            case 2 -> "id IN (" + absentIds(r) + ")";
            case 3 -> "k > 2147483647";
            default -> "dd < '0999-01-01'";
        };
    }

    /** Existing ids spread over {@code nodes} distinct data nodes. */
    private String ids(SplittableRandom r, int nodes) {
        List<Integer> order = new ArrayList<>(List.of(0, 1, 2, 3));
        StringJoiner ids = new StringJoiner(", ");
        for (int i = 0; i < nodes; i++) {
            int node = order.remove(r.nextInt(order.size()));
            List<Long> candidates = data.idsOfNode(node);
            int count = 1 + r.nextInt(3);
            for (int j = 0; j < count && !candidates.isEmpty(); j++) {
                ids.add(Long.toString(candidates.get(r.nextInt(candidates.size()))));
            }
        }
        return ids.toString();
    }

    private static String absentIds(SplittableRandom r) {
        StringJoiner ids = new StringJoiner(", ");
        int count = 1 + r.nextInt(4);
        for (int i = 0; i < count; i++) {
            ids.add(Long.toString(ABSENT_ID_BASE + r.nextInt(1000)));
        }
        return ids.toString();
    }

    private long anyId(SplittableRandom r) {
        return data.ids().get(r.nextInt(data.rowCount()));
    }

    private static String word(SplittableRandom r) {
        return DifferentialData.WORDS.get(r.nextInt(DifferentialData.WORDS.size()));
    }

    static String pick(SplittableRandom r, String... choices) {
        return choices[r.nextInt(choices.length)];
    }
}
