package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * LOAD DATA LOCAL INFILE through Tessera (orders sharded by id mod 2 over two databases, region global, everything
 * else on dn1): each row lands on the node its key places it on, exactly once, with the same values as the same
 * statement loads into one plain MariaDB table; the counts are the statement's; what cannot be placed loads nothing.
 */
@Tag("integration")
class LoadDataIT {

    private static final String CSV = " FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"'"
            + " LINES TERMINATED BY '\\n' IGNORE 1 LINES (id, customer, total)";
    private static final String ORDERS = "CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(40),"
            + " total DECIMAL(10,2))";

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    @TempDir
    static Path files;

    private static String reference;

    @BeforeAll
    static void tables() throws SQLException {
        reference = DataHosts.databaseName(LoadDataIT.class, "reference");
        tessera.dataHosts().createDatabase(reference);
        tessera.dataHosts().executeIn(reference, ORDERS);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute(ORDERS);
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, note VARCHAR(20))");
        }
    }

    @BeforeEach
    void empty() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM orders");
            s.execute("DELETE FROM region");
            s.execute("DELETE FROM notes");
        }
        tessera.dataHosts().executeIn(reference, "DELETE FROM orders");
    }

    @Test
    void everyRowLandsOnItsNodeWithTheValuesMariaDbLoads() throws Exception {
        Path file = csv("orders.csv", 10_000);
        String load = "LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders" + CSV;
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate(load)).isEqualTo(10_000);
        }
        try (Connection direct = DriverManager.getConnection(tessera.dataHosts().jdbcUrl(reference)
                + "&allowLoadLocalInfile=true", tessera.dataHosts().user(), tessera.dataHosts().password());
                Statement s = direct.createStatement()) {
            assertThat(s.executeUpdate(load)).isEqualTo(10_000);
        }
        // the schema's sqlMaxLimit (100) would cut a merged read without LIMIT short
        assertThat(rowsOnce("SELECT id, customer, total FROM orders ORDER BY id LIMIT 20000", connect()))
                .isEqualTo(rowsOnce("SELECT id, customer, total FROM orders ORDER BY id",
                        tessera.dataHosts().connectDirect(reference)));
        assertThat(nodeIds("db1")).hasSize(5_000).allMatch(id -> id % 2 == 0);
        assertThat(nodeIds("db2")).hasSize(5_000).allMatch(id -> id % 2 == 1);
    }

    @Test
    void aTableWithoutColumnListInMySqlsDefaultFormat() throws Exception {
        Path file = files.resolve("tabs.txt");
        Files.writeString(file, "1\tone\t1.50\n2\t\\N\t2.00\n3\tthree\\ttab\t3.25\n4\tfour\t4\n");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders")).isEqualTo(4);
        }
        assertThat(rowsOnce("SELECT id, customer, total FROM orders ORDER BY id", connect())).containsExactly(
                List.of("1", "one", "1.50"), List.of("2", "null", "2.00"), List.of("3", "three\ttab", "3.25"),
                List.of("4", "four", "4.00"));
        assertThat(nodeIds("db1")).containsExactly(2L, 4L);
        assertThat(nodeIds("db2")).containsExactly(1L, 3L);
    }

    @Test
    void aGlobalTableGetsEveryRowOnEveryNodeAndAnUnshardedOneOnItsNode() throws Exception {
        Path file = files.resolve("region.csv");
        Files.writeString(file, "1,north\n2,south\n3,east\n");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE region"
                    + " FIELDS TERMINATED BY ','")).isEqualTo(3);
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE notes"
                    + " FIELDS TERMINATED BY ','")).isEqualTo(3);
        }
        for (String db : List.of("db1", "db2")) {
            assertThat(rowsOnce("SELECT id, name FROM region ORDER BY id", direct(db)))
                    .containsExactly(List.of("1", "north"), List.of("2", "south"), List.of("3", "east"));
        }
        assertThat(rowsOnce("SELECT COUNT(*) FROM notes", direct("db1"))).containsExactly(List.of("3"));
    }

    @Test
    void aRowThatCannotBePlacedLoadsNothingAnywhere() throws Exception {
        Path file = files.resolve("bad.csv");
        List<String> lines = new ArrayList<>();
        for (int id = 1; id <= 2_000; id++) {
            lines.add(id == 1_500 ? "not-a-number,x,1" : id + ",c" + id + ",1");
        }
        Files.write(file, lines);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders"
                    + " FIELDS TERMINATED BY ','"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("row 1500 of the file cannot be placed")
                    .hasMessageContaining("nothing was loaded");
            assertThat(rows("SELECT 1", c)).containsExactly(List.of("1")); // the connection goes on
        }
        assertThat(nodeIds("db1")).isEmpty();
        assertThat(nodeIds("db2")).isEmpty();
    }

    @Test
    void aLoadInsideATransactionRollsBackWithIt() throws Exception {
        Path file = csv("tx.csv", 100);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders" + CSV))
                    .isEqualTo(100);
            assertThat(rows("SELECT COUNT(*) FROM orders", c)).containsExactly(List.of("100"));
            c.rollback();
            assertThat(rows("SELECT COUNT(*) FROM orders", c)).containsExactly(List.of("0"));
        }
    }

    @Test
    void replaceCountsWhatItReplaced() throws Exception {
        Path file = csv("replace.csv", 10);
        Path changed = files.resolve("changed.csv");
        Files.writeString(changed, Files.readString(file).replace(".", "9."));
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders" + CSV);
            // MySQL counts a replaced row twice, deleted and inserted (a row replaced by an identical one not at all)
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + changed + "' REPLACE INTO TABLE orders" + CSV))
                    .isEqualTo(20);
        }
        assertThat(nodeIds("db1")).hasSize(5);
    }

    @Test
    void whatCannotBeLoadedExactlyIsRefused() throws Exception {
        Path file = csv("refused.csv", 4);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("LOAD DATA INFILE '" + file + "' INTO TABLE orders" + CSV))
                    .hasMessageContaining("use LOAD DATA LOCAL INFILE")
                    .extracting(e -> ((SQLException) e).getErrorCode()).isEqualTo(1235);
            assertThatThrownBy(() -> s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders"
                    + " FIELDS TERMINATED BY ',' IGNORE 1 LINES (@id, customer, total) SET id = @id + 1"))
                    .hasMessageContaining("cannot SET its sharding column id")
                    .extracting(e -> ((SQLException) e).getErrorCode()).isEqualTo(1235);
        }
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB"), RunningTessera.USER,
                RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders"
                    + CSV)).isInstanceOf(SQLException.class); // the driver will not send files unless allowed
            assertThat(rows("SELECT 1", c)).containsExactly(List.of("1"));
        }
        assertThat(nodeIds("db1")).isEmpty();
    }

    @Test
    void mariaDbConnectorJLoadsToo() throws Exception {
        Path file = csv("mariadb.csv", 1_000);
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + tessera.port()
                + "/TESTDB?allowLocalInfile=true", RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders" + CSV))
                    .isEqualTo(1_000);
        }
        assertThat(nodeIds("db1")).hasSize(500);
        assertThat(nodeIds("db2")).hasSize(500);
    }

    @Test
    void theMysqlClientAndMysqlimportLoadLocalFiles() throws Exception {
        String client = executable("/usr/bin/mysql", "/usr/bin/mariadb");
        String mysqlimport = executable("/usr/bin/mysqlimport", "/usr/bin/mariadb-import");
        assumeTrue(client != null && mysqlimport != null, "no mysql client installed");
        Path file = files.resolve("orders.txt"); // mysqlimport takes the table's name from the file's
        Files.writeString(file, "1\tone\t1.00\n2\ttwo\t2.00\n3\tthree\t3.00\n");
        String out = run(client, "--local-infile=1", "-e", "LOAD DATA LOCAL INFILE '" + file
                + "' INTO TABLE orders; SELECT ROW_COUNT(); SELECT COUNT(*) FROM orders");
        assertThat(out).contains("3\n3");
        Files.writeString(file, "1\tone\t1.50\n2\ttwo\t2.50\n3\tthree\t3.50\n");
        out = run(mysqlimport, "--local", "--replace", "TESTDB", file.toString());
        assertThat(out).contains("TESTDB.orders: Records: 3  Deleted: 3  Skipped: 0  Warnings: 0");
        assertThat(nodeIds("db2")).containsExactly(1L, 3L);
    }

    private static String executable(String... candidates) {
        for (String path : candidates) {
            if (Files.isExecutable(Path.of(path))) {
                return path;
            }
        }
        return null;
    }

    private static String run(String program, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(program, "-h127.0.0.1", "-P" + tessera.port(), "-utest",
                "-ptest"));
        command.addAll(List.of(args));
        if (program.endsWith("mysql") || program.endsWith("mariadb")) {
            command.addAll(List.of("--batch", "--skip-column-names", "TESTDB"));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** A CSV with a header line, quoted names with commas and quotes, and NULLs. */
    private static Path csv(String name, int rows) throws IOException {
        Path file = files.resolve(name);
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("id,customer,total\n");
            for (int id = 1; id <= rows; id++) {
                String customer = id % 7 == 0 ? "\\N" : id % 5 == 0 ? "\"c, \\\"" + id + "\\\"\"" : "c" + id;
                w.write(id + "," + customer + "," + (id % 100) + "." + (id % 10) + "\n");
            }
        }
        return file;
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?allowLoadLocalInfile=true",
                RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static Connection direct(String placeholder) throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database(placeholder));
    }

    private static List<Long> nodeIds(String placeholder) throws SQLException {
        List<Long> ids = new ArrayList<>();
        for (List<String> row : rowsOnce("SELECT id FROM orders ORDER BY id", direct(placeholder))) {
            ids.add(Long.parseLong(row.get(0)));
        }
        return ids;
    }

    /** Every row of {@code sql} on a connection of its own, which this closes. */
    private static List<List<String>> rowsOnce(String sql, Connection c) throws SQLException {
        try (c) {
            return rows(sql, c);
        }
    }

    /** Every row of {@code sql} as text ({@code "null"} for NULL). */
    private static List<List<String>> rows(String sql, Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(String.valueOf(rs.getString(i)));
                }
                rows.add(row);
            }
            return rows;
        }
    }
}
