package io.tessera.proxy.it;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The rows of table {@code mt} for {@link MergeDifferentialIT}, generated from a seed: skewed values, duplicates
 * and NULLs in every nullable column, strings that differ only in case, accents or trailing spaces, numbers at the
 * edges of their types. The same rows go into one plain table and, split by {@code |id| mod 4}, into the four
 * data node databases.
 */
final class DifferentialData {

    static final int NODES = 4;

    static final String CREATE_TABLE = """
            CREATE TABLE mt (
                id BIGINT PRIMARY KEY,
                k INT NULL,
                g TINYINT NULL,
                u INT UNSIGNED NULL,
                big BIGINT NULL,
                d DECIMAL(12,3) NULL,
                f DOUBLE NULL,
                s VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NULL,
                s2 VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL,
                sb VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
                dt DATETIME(3) NULL,
                dd DATE NULL,
                bn VARBINARY(8) NULL
            ) ENGINE=InnoDB""";

    /** Words that collide under case- or accent-insensitive collations, or under PAD SPACE. */
    static final List<String> WORDS = List.of("resume", "Resume", "résumé", "RÉSUMÉ", "Résumé", "apple", "Apple",
            "Äpple", "äpple", "APPLE", "apple ", "zebra", "Zebra", "ZEBRA", "café", "cafe", "CAFÉ", "Cafe ", "naïve",
            "naive", "über", "uber", "Über", "ñandú", "nandu", "a", "A", "á", "b", " ");

    private static final int BATCH_ROWS = 500;
    private static final double NULL_RATE = 0.1;
    private static final long TWO_POW_62 = 1L << 62;
    private static final int[] K_HOT = {0, 1, 7, 42, -5};
    private static final int[] G_VALUES = {0, 0, 0, 1, 1, 2, 3, -1, 5};
    private static final long[] U_HOT = {0, 1, 2147483647L, 2147483648L, 3000000000L, 4294967295L};
    private static final String[] D_HOT = {"0.000", "1.500", "-1.500", "99.999", "10.000"};
    private static final double[] F_HOT = {0.5, -0.25, 1024.0, 3.0, 0.0};
    private static final String[] BN_HOT = {"", "00", "0000", "41", "4100", "FF", "7F80"};
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private static final LocalDateTime DT_BASE = LocalDateTime.of(2020, 1, 1, 0, 0);
    private static final LocalDate DD_BASE = LocalDate.of(2021, 1, 1);

    private final List<Long> ids;
    private final List<String> tuples;
    private final List<List<Long>> idsByNode;

    private DifferentialData(List<Long> ids, List<String> tuples) {
        this.ids = List.copyOf(ids);
        this.tuples = List.copyOf(tuples);
        List<List<Long>> byNode = new ArrayList<>();
        for (int node = 0; node < NODES; node++) {
            byNode.add(new ArrayList<>());
        }
        for (long id : ids) {
            byNode.get(node(id)).add(id);
        }
        this.idsByNode = byNode.stream().map(List::copyOf).toList();
    }

    /** {@code rows} rows, the same for the same seed and count. */
    static DifferentialData generate(long seed, int rows) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x6A09E667F3BCC909L);
        List<Long> ids = new ArrayList<>(rows);
        long next = -rows;
        long far = 1_000_000_000_000L;
        for (int i = 0; i < rows; i++) {
            if (r.nextInt(100) == 0) {  // a few far away, on both sides
                far += 1 + r.nextInt(1000);
                ids.add(r.nextBoolean() ? far : -far);
            } else {
                next += 1 + r.nextInt(4);
                ids.add(next);
            }
        }
        Set<Long> unique = new HashSet<>(ids);
        if (unique.size() != ids.size()) {
            throw new IllegalStateException("generated ids collide: " + (ids.size() - unique.size()));
        }
        List<String> tuples = new ArrayList<>(rows);
        for (long id : ids) {
            tuples.add("(" + id + ", " + k(r) + ", " + g(r) + ", " + u(r) + ", " + big(r) + ", " + d(r) + ", " + f(r)
                    + ", " + word(r) + ", " + word(r) + ", " + word(r) + ", " + dt(r) + ", " + dd(r) + ", " + bn(r)
                    + ")");
        }
        return new DifferentialData(ids, tuples);
    }

    /** The data node index of an id, as PartitionByMod places it: |id| mod 4. */
    static int node(long id) {
        return (int) Math.abs(id % NODES);
    }

    int rowCount() {
        return ids.size();
    }

    List<Long> ids() {
        return ids;
    }

    List<Long> idsOfNode(int node) {
        return idsByNode.get(node);
    }

    /** Creates {@code mt} in the plain database with every row, and in each node database with its rows. */
    void load(DataHosts hosts, String plainDatabase, List<String> nodeDatabases) throws SQLException {
        if (nodeDatabases.size() != NODES) {
            throw new IllegalArgumentException("nodeDatabases: " + nodeDatabases + " (expected: " + NODES + ")");
        }
        insert(hosts, plainDatabase, tuples);
        for (int node = 0; node < NODES; node++) {
            List<String> rows = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                if (node(ids.get(i)) == node) {
                    rows.add(tuples.get(i));
                }
            }
            insert(hosts, nodeDatabases.get(node), rows);
        }
    }

    private static void insert(DataHosts hosts, String database, List<String> rows) throws SQLException {
        try (Connection c = hosts.connectDirect(database); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS mt");
            s.execute(CREATE_TABLE);
            for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
                List<String> batch = rows.subList(from, Math.min(rows.size(), from + BATCH_ROWS));
                s.execute("INSERT INTO mt VALUES " + String.join(", ", batch));
            }
        }
    }

    /** A SQL string literal; the generated text never holds quotes, but stay safe. */
    static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    private static boolean isNull(SplittableRandom r) {
        return r.nextDouble() < NULL_RATE;
    }

    private static String k(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 50) {
            return Integer.toString(K_HOT[r.nextInt(K_HOT.length)]);
        }
        if (p < 53) {
            return r.nextBoolean() ? "2147483647" : "-2147483648";
        }
        return Integer.toString(r.nextInt(-1000, 1001));
    }

    private static String g(SplittableRandom r) {
        return isNull(r) ? "NULL" : Integer.toString(G_VALUES[r.nextInt(G_VALUES.length)]);
    }

    private static String u(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        return Long.toString(r.nextInt(100) < 40 ? U_HOT[r.nextInt(U_HOT.length)] : r.nextLong(0, 1L << 32));
    }

    /** Near ±2^62, so that a handful of them overflow a BIGINT sum. */
    private static String big(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 60) {
            long v = TWO_POW_62 + r.nextInt(1000);
            return Long.toString(r.nextBoolean() ? v : -v);
        }
        if (p < 65) {
            return Long.toString(r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
        }
        return Long.toString(r.nextLong(-1_000_000, 1_000_001));
    }

    private static String d(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 40) {
            return D_HOT[r.nextInt(D_HOT.length)];
        }
        if (p < 45) {
            return r.nextBoolean() ? "999999999.999" : "-999999999.999";
        }
        return BigDecimal.valueOf(r.nextLong(-1_000_000, 1_000_001), 3).toPlainString();
    }

    private static String f(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 40) {
            return Double.toString(F_HOT[r.nextInt(F_HOT.length)]);
        }
        if (p < 45) {
            return Double.toString(r.nextDouble(-1e-6, 1e-6));
        }
        return Double.toString(r.nextDouble(-10_000, 10_000));
    }

    private static String word(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 60) {
            return quote(WORDS.get(r.nextInt(WORDS.size())));
        }
        if (p < 70) {
            return "''";
        }
        StringBuilder word = new StringBuilder();
        int length = 1 + r.nextInt(8);
        for (int i = 0; i < length; i++) {
            char c = (char) ('a' + r.nextInt(26));
            word.append(i == 0 && r.nextInt(5) == 0 ? Character.toUpperCase(c) : c);
        }
        return quote(word.toString());
    }

    private static String dt(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        // half from 40 hot instants (duplicates), half anywhere in two years, milliseconds included
        long millis = r.nextBoolean() ? 86_400_000L * 17 * r.nextInt(40) + 123 : r.nextLong(0, 2 * 365 * 86_400_000L);
        return quote(DT_BASE.plusNanos(millis * 1_000_000).format(DATETIME));
    }

    private static String dd(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        int p = r.nextInt(100);
        if (p < 2) {
            return r.nextBoolean() ? "'1000-01-01'" : "'9999-12-31'";
        }
        return quote(DD_BASE.plusDays(r.nextInt(90)).toString());
    }

    private static String bn(SplittableRandom r) {
        if (isNull(r)) {
            return "NULL";
        }
        if (r.nextBoolean()) {
            return "X'" + BN_HOT[r.nextInt(BN_HOT.length)] + "'";
        }
        byte[] bytes = new byte[r.nextInt(9)];
        r.nextBytes(bytes);
        return "X'" + HexFormat.of().formatHex(bytes) + "'";
    }
}
