package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.it.ShardWriters.Insert;
import io.tessera.proxy.it.ShardWriters.Pair;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The rows of {@code writes} as each data node holds them (even ids belong on dn1, odd ids on dn2) and as Tessera
 * returns them, against what {@link ShardWriters}' clients were told: an acknowledged row must be there exactly once
 * and on its node, a row no client sent must not be there, and a failed transaction must have left what its ERR says
 * (none of its rows, or those of the nodes the ERR says it succeeded on).
 */
final class ShardRows {

    /** What Tessera's ERR says when a write's data host went away while it ran. */
    static final String MAYBE_APPLIED = "the statement may or may not have taken effect";

    private final Map<Long, int[]> onNode = new HashMap<>(); // id -> {count on dn1, count on dn2}
    private final List<Long> throughTessera;
    private final List<Long> allStored;
    private final int stored;
    private final Set<Long> sent = new HashSet<>();
    private final List<Long> lost = new ArrayList<>();
    private final List<Long> duplicated = new ArrayList<>();
    private final List<String> unexplained = new ArrayList<>();
    private final Map<String, Integer> transactionOutcomes = new TreeMap<>();
    private long checked;
    private long failedButStored;

    private ShardRows(List<Long> dn1, List<Long> dn2, List<Long> throughTessera) {
        dn1.forEach(id -> onNode.computeIfAbsent(id, k -> new int[2])[0]++);
        dn2.forEach(id -> onNode.computeIfAbsent(id, k -> new int[2])[1]++);
        this.throughTessera = throughTessera;
        this.allStored = Stream.concat(dn1.stream(), dn2.stream()).sorted().toList();
        this.stored = allStored.size();
    }

    /** The ids each data node holds, and those Tessera returns, each list sorted. */
    static ShardRows of(List<Long> dn1, List<Long> dn2, List<Long> throughTessera) {
        return new ShardRows(dn1, dn2, throughTessera);
    }

    /**
     * Checks the rows of autocommit inserts: those acknowledged are there once; a failed one may be there only if its
     * ERR said it may have taken effect.
     */
    void checkAutocommit(List<Insert> inserts) {
        for (Insert insert : inserts) {
            sent.add(insert.id());
            if (insert.error() == null) {
                acknowledged(insert.id());
            } else if (count(insert.id()) > 0) {
                failedButStored++; // its server died between its commit and the answer: MySQL alike cannot tell
                if (!insert.error().getMessage().contains(MAYBE_APPLIED)) {
                    unexplained.add("insert of " + insert.id() + " is stored, but failed with: "
                            + insert.error().getMessage());
                }
            }
        }
    }

    /** Checks each transaction's two rows against its outcome. */
    void checkTransactions(List<Pair> pairs) {
        for (Pair pair : pairs) {
            sent.add(pair.first());
            sent.add(pair.second());
            String outcome = pair.error() == null ? "committed"
                    : (pair.atCommit() ? "COMMIT " : "statement ") + WritersChaosIT.describe(pair.error());
            transactionOutcomes.merge(outcome, 1, Integer::sum);
            if (pair.error() == null) {
                acknowledged(pair.first());
                acknowledged(pair.second());
                continue;
            }
            String message = pair.error().getMessage();
            Set<Long> found = new HashSet<>();
            Set<Long> required = new HashSet<>(); // where the ERR says COMMIT succeeded
            Set<Long> allowed = new HashSet<>(); // and where it says its outcome is unknown
            for (long id : new long[] {pair.first(), pair.second()}) {
                String node = "dn" + nodeOf(id);
                if (pair.atCommit() && named(message, "it succeeded on [").contains(node)) {
                    required.add(id);
                }
                if (pair.atCommit() && named(message, "whether it took effect on [").contains(node)) {
                    allowed.add(id);
                }
                if (count(id) > 0) {
                    found.add(id);
                }
            }
            allowed.addAll(required);
            if (!found.containsAll(required) || !allowed.containsAll(found)) {
                unexplained.add("transaction " + pair.first() + ", " + pair.second() + " stored " + found
                        + " after " + (pair.atCommit() ? "COMMIT" : "a statement") + " failed with: " + message);
            }
        }
    }

    /** After both other checks: no row is stored that no client sent, and Tessera returns the rows stored. */
    void checkNoOtherRows() {
        onNode.keySet().stream().filter(id -> !sent.contains(id)).sorted().limit(10)
                .forEach(id -> unexplained.add("row " + id + " was never inserted"));
        if (!throughTessera.equals(allStored)) {
            unexplained.add("Tessera returns " + throughTessera.size() + " rows, the data nodes hold " + stored);
        }
    }

    /** Tessera still takes and returns rows on both nodes. */
    void checkTesseraAnswers(RunningTessera tessera) throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("INSERT INTO writes (id) VALUES (2), (3)")).isEqualTo(2);
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM writes")).containsExactly(List.of((long) stored + 2));
        }
    }

    List<Long> lost() {
        return lost;
    }

    List<Long> duplicated() {
        return duplicated;
    }

    List<String> unexplained() {
        return unexplained;
    }

    /** The numbers, for the log. */
    String summary() {
        return "rows stored " + stored + " (through Tessera " + throughTessera.size() + "); acknowledged rows checked "
                + checked + ", lost " + lost.size() + ", duplicated " + duplicated.size()
                + "; failed autocommit inserts stored anyway " + failedButStored + "; transactions: "
                + transactionOutcomes;
    }

    private void acknowledged(long id) {
        checked++;
        int[] counts = onNode.get(id);
        if (counts == null) {
            lost.add(id);
        } else if (counts[0] + counts[1] != 1 || counts[nodeOf(id) - 1] != 1) {
            duplicated.add(id);
        }
    }

    private int count(long id) {
        int[] counts = onNode.get(id);
        return counts == null ? 0 : counts[0] + counts[1];
    }

    private static int nodeOf(long id) {
        return id % 2 == 0 ? 1 : 2;
    }

    /** The data nodes listed after {@code prefix} in {@code message} ("it succeeded on [dn1, dn2]"), or none. */
    private static List<String> named(String message, String prefix) {
        int start = message.indexOf(prefix);
        if (start < 0) {
            return List.of();
        }
        String list = message.substring(start + prefix.length());
        return List.of(list.substring(0, list.indexOf(']')).split(",\\s*"));
    }
}
