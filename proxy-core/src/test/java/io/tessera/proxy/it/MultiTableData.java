package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The rows of {@link MultiTableDifferentialIT}, generated from a seed, in one plain database and placed on three
 * node databases as {@code it/conf/multi-table} places them: hotnews, other and customer by {@code id mod 3},
 * comments by {@code hid mod 3}, orders with their customer, items with their order; single_t on the first node,
 * single2 on the second, g copied on all three. Every node database has every table, so a statement that reaches a
 * node it should not changes rows there instead of failing, and the contents check sees it.
 */
final class MultiTableData {

    static final int NODES = 3;
    static final List<String> TABLES = List.of("hotnews", "comments", "other", "single_t", "single2", "g",
            "customer", "orders", "items");
    static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta", "omega");

    private static final List<String> CREATE = List.of(
            "CREATE TABLE hotnews (id INT PRIMARY KEY, sid INT NULL, gid INT NULL, title VARCHAR(20) NULL)",
            "CREATE TABLE comments (cid INT PRIMARY KEY, hid INT NULL, body VARCHAR(20) NULL)",
            "CREATE TABLE other (id INT PRIMARY KEY, x INT NULL)",
            "CREATE TABLE single_t (id INT PRIMARY KEY, name VARCHAR(20) NULL)",
            "CREATE TABLE single2 (id INT PRIMARY KEY, name VARCHAR(20) NULL)",
            "CREATE TABLE g (id INT PRIMARY KEY, label VARCHAR(20) NULL)",
            "CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(20) NULL)",
            "CREATE TABLE orders (id INT PRIMARY KEY, cid INT NOT NULL, amount DECIMAL(10,2) NULL)",
            "CREATE TABLE items (id INT PRIMARY KEY, oid INT NOT NULL, qty INT NULL)");

    /** Table name to its rows, each a VALUES tuple. */
    private final Map<String, List<String>> rows = new LinkedHashMap<>();
    /** Node index of each order, by order id: where its items live. */
    private final Map<Integer, Integer> orderNodes = new HashMap<>();

    private MultiTableData() {
    }

    static MultiTableData generate(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        MultiTableData data = new MultiTableData();
        for (int id = 1; id <= 90; id++) {
            data.add("hotnews", id + ", " + maybeNull(r, 1 + r.nextInt(30)) + ", " + maybeNull(r, r.nextInt(13))
                    + ", " + word(r));
        }
        for (int cid = 1; cid <= 150; cid++) {
            data.add("comments", cid + ", " + maybeNull(r, 1 + r.nextInt(100)) + ", " + word(r));
        }
        for (int id = 1; id <= 40; id++) {
            data.add("other", id + ", " + r.nextInt(50));
        }
        for (int id = 1; id <= 25; id++) {
            data.add("single_t", id + ", " + word(r));
        }
        for (int id = 10; id <= 34; id++) {
            data.add("single2", id + ", " + word(r));
        }
        for (int id = 0; id <= 11; id++) {
            data.add("g", id + ", " + word(r));
        }
        for (int id = 1; id <= 40; id++) {
            data.add("customer", id + ", " + word(r));
        }
        for (int id = 1; id <= 100; id++) {
            int cid = 1 + r.nextInt(40);
            data.orderNodes.put(id, cid % NODES);
            data.add("orders", id + ", " + cid + ", " + r.nextInt(100_000) / 100.0);
        }
        for (int id = 1; id <= 200; id++) {
            data.add("items", id + ", " + (1 + r.nextInt(100)) + ", " + maybeNull(r, 1 + r.nextInt(9)));
        }
        return data;
    }

    /** Creates the tables in the plain database and every node database, and loads the rows. */
    void load(DataHosts hosts, String plain, List<String> nodes) throws SQLException {
        List<List<String>> perNode = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            perNode.add(new ArrayList<>(CREATE));
        }
        List<String> all = new ArrayList<>(CREATE);
        for (Map.Entry<String, List<String>> table : rows.entrySet()) {
            for (String tuple : table.getValue()) {
                String insert = "INSERT INTO " + table.getKey() + " VALUES (" + tuple + ")";
                all.add(insert);
                for (int node : nodesOf(table.getKey(), tuple)) {
                    perNode.get(node).add(insert);
                }
            }
        }
        hosts.executeIn(plain, all.toArray(String[]::new));
        for (int i = 0; i < NODES; i++) {
            hosts.executeIn(nodes.get(i), perNode.get(i).toArray(String[]::new));
        }
    }

    /** Drops and loads everything again: after a wrong write, so that later statements start from equal data. */
    void reload(DataHosts hosts, String plain, List<String> nodes) throws SQLException {
        List<String> drops = TABLES.stream().map(t -> "DROP TABLE IF EXISTS " + t).toList();
        hosts.executeIn(plain, drops.toArray(String[]::new));
        for (String node : nodes) {
            hosts.executeIn(node, drops.toArray(String[]::new));
        }
        load(hosts, plain, nodes);
    }

    /**
     * How each table's contents on the nodes differ from the plain database's, or {@code null} when they agree: the
     * same rows, each on the node that should hold it, and every copy of g alike.
     */
    static String difference(DataHosts hosts, String plain, List<String> nodes) throws SQLException {
        for (String table : TABLES) {
            List<String> expected = contents(hosts, plain, table);
            List<List<String>> actual = new ArrayList<>();
            for (String node : nodes) {
                actual.add(contents(hosts, node, table));
            }
            String wrong = compare(table, expected, actual);
            if (wrong != null) {
                return wrong;
            }
        }
        return null;
    }

    private static String compare(String table, List<String> expected, List<List<String>> actual) {
        if (table.equals("g")) {
            for (int node = 0; node < NODES; node++) {
                if (!actual.get(node).equals(expected)) {
                    return "g on node " + (node + 1) + ": " + actual.get(node) + ", expected " + expected;
                }
            }
            return null;
        }
        List<String> union = new ArrayList<>();
        for (int node = 0; node < NODES; node++) {
            for (String row : actual.get(node)) {
                Integer home = homeOf(table, row, actual);
                if (home != null && home != node) {
                    return table + " row (" + row + ") on node " + (node + 1) + ", it belongs on node " + (home + 1);
                }
                union.add(row);
            }
        }
        union.sort(null);
        return union.equals(expected) ? null : table + " holds " + union.size() + " rows " + shorten(union)
                + ", expected " + expected.size() + " " + shorten(expected);
    }

    /** The node a row belongs on, or {@code null} when its place is not a value of its own. */
    private static Integer homeOf(String table, String row, List<List<String>> actual) {
        String[] values = row.split("\\|", -1);
        return switch (table) {
            case "hotnews", "other", "customer" -> mod(values[0]);
            case "comments" -> values[1].equals("NULL") ? null : mod(values[1]);
            case "orders" -> mod(values[1]);
            case "single_t" -> 0;
            case "single2" -> 1;
            default -> null; // items follow their order rows: checked by their count alone
        };
    }

    private static int mod(String value) {
        return Math.floorMod(Integer.parseInt(value), NODES);
    }

    private static List<String> contents(DataHosts hosts, String database, String table) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = hosts.connectDirect(database); Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT * FROM " + table)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i) == null ? "NULL" : rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null);
        return rows;
    }

    private static String shorten(List<String> rows) {
        String text = rows.toString();
        return text.length() <= 400 ? text : text.substring(0, 400) + "...";
    }

    private void add(String table, String tuple) {
        rows.computeIfAbsent(table, t -> new ArrayList<>()).add(tuple);
    }

    /** The node indexes a row goes to. */
    private List<Integer> nodesOf(String table, String tuple) {
        String[] values = tuple.split(", ");
        return switch (table) {
            case "hotnews", "other", "customer" -> List.of(mod(values[0]));
            case "comments" -> List.of(values[1].equals("NULL") ? nullNode() : mod(values[1]));
            case "orders" -> List.of(mod(values[1]));
            case "items" -> List.of(orderNodes.get(Integer.parseInt(values[1])));
            case "single_t" -> List.of(0);
            case "single2" -> List.of(1);
            default -> List.of(0, 1, 2); // g
        };
    }

    /** Where Tessera puts a NULL sharding value of PartitionByMod: the text NULL, hashed as MyCat does. */
    private static int nullNode() {
        return Math.floorMod("NULL".hashCode(), NODES);
    }

    private static String maybeNull(SplittableRandom r, int value) {
        return r.nextInt(12) == 0 ? "NULL" : Integer.toString(value);
    }

    private static String word(SplittableRandom r) {
        return r.nextInt(15) == 0 ? "NULL" : "'" + WORDS.get(r.nextInt(WORDS.size())) + "'";
    }
}
