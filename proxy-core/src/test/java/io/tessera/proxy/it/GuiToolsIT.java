package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The statements DBeaver, MySQL Workbench and Navicat send when they open a connection and browse a schema (recorded,
 * with where each comes from, in {@code gui-tools/*.sql}), run through Tessera over Connector/J on a sharded schema:
 * each succeeds, or is refused on purpose ({@link #REFUSED}, with the reason); no cell of any answer names a physical
 * database, the data host's account or its address; a logical table is listed once; schema lists show the logical
 * schema. Stored objects of the data nodes are listed under logical names, and {@code getSQLKeywords()} works.
 */
@Tag("integration")
class GuiToolsIT {

    private static final Logger LOG = LogManager.getLogger(GuiToolsIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    /** Statements refused on purpose: the error code they get, and why. */
    private static final Map<String, Refusal> REFUSED = Map.of(
            "SELECT * FROM mysql.user ORDER BY user",
            new Refusal(1142, "the data hosts' accounts and password hashes; SHOW GRANTS tells the user's rights"));

    private record Refusal(int code, String reason) {
    }

    @BeforeAll
    static void schemaWithTablesAndStoredObjects() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), KEY by_customer (customer))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
            s.executeUpdate("INSERT INTO orders VALUES (1, 'a'), (2, 'b')");
        }
        // stored objects made on the data nodes: each shard of orders has the trigger, dn1 the schema's routine
        for (String db : List.of("db1", "db2")) {
            try (Connection c = node(db); Statement s = c.createStatement()) {
                s.execute("CREATE TRIGGER orders_check BEFORE INSERT ON orders FOR EACH ROW SET NEW.customer ="
                        + " TRIM(NEW.customer)");
                s.execute("CREATE PROCEDURE p_" + db + "() SELECT 1");
            }
        }
        try (Connection c = node("db1"); Statement s = c.createStatement()) {
            s.execute("CREATE VIEW notes_v AS SELECT id FROM notes");
        }
    }

    static Stream<Arguments> statements() {
        List<Arguments> all = new ArrayList<>();
        for (String tool : List.of("dbeaver", "workbench", "navicat")) {
            for (String sql : recorded(tool)) {
                all.add(Arguments.of(tool, sql));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("statements")
    void recordedStatementIsAnsweredWithLogicalNamesOrRefusedOnPurpose(String tool, String sql) throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            Refusal refusal = REFUSED.get(sql.replaceAll("\\s+", " "));
            if (refusal != null) {
                assertThatThrownBy(() -> cells(c, sql)).isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).as(refusal.reason()).isEqualTo(refusal.code());
                    assertNamesNoDataHost(List.of(e.getMessage()));
                });
                return;
            }
            List<String> cells = cells(c, sql);
            LOG.debug("{}: {} -> {} cells", tool, sql, cells.size());
            assertNamesNoDataHost(cells);
        }
    }

    @Test
    void schemaListsShowTheLogicalSchemaOnly() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(column(c, "SHOW DATABASES", 1)).containsExactly("TESTDB");
            assertThat(column(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA", 1)).containsExactly("TESTDB");
            assertThat(column(c, "SELECT DISTINCT table_schema FROM information_schema.tables", 1))
                    .containsExactly("TESTDB");
        }
    }

    @Test
    void logicalTablesAreListedOnce() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SHOW FULL TABLES FROM `TESTDB`", "Tables_in_TESTDB", "Table_type")).containsExactly(
                    List.of("notes", "BASE TABLE"), List.of("notes_v", "VIEW"), List.of("orders", "BASE TABLE"),
                    List.of("region", "BASE TABLE"));
            assertThat(column(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'TESTDB'"
                    + " ORDER BY TABLE_NAME", 1)).containsExactly("notes", "notes_v", "orders", "region");
            assertThat(column(c, "SHOW TABLE STATUS FROM `TESTDB`", 1))
                    .containsExactly("notes", "notes_v", "orders", "region");
            assertThat(column(c, "SHOW INDEXES FROM `TESTDB`.`orders`", 3)).containsExactly("PRIMARY", "by_customer");
        }
    }

    @Test
    void storedObjectsAreListedUnderLogicalNamesEachOnce() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            // the schema's routines are its first data node's (dn1): p_db2 is OTHERDB's, which user test may not use
            assertThat(rows(c, "SHOW PROCEDURE STATUS WHERE Db='TESTDB'", "Db", "Name", "Definer"))
                    .containsExactly(List.of("TESTDB", "p_db1", "null"));
            assertThat(rows(c, "SHOW PROCEDURE STATUS LIKE 'p%'", "Name")).containsExactly(List.of("p_db1"));
            assertThat(rows(c, "SHOW PROCEDURE STATUS WHERE Db = 'OTHERDB'", "Name")).isEmpty();
            assertThat(rows(c, "SELECT ROUTINE_SCHEMA, ROUTINE_NAME, DEFINER FROM information_schema.ROUTINES",
                    "ROUTINE_SCHEMA", "ROUTINE_NAME", "DEFINER")).containsExactly(List.of("TESTDB", "p_db1", "null"));
            assertThat(rows(c, "SELECT COUNT(*) AS n FROM information_schema.EVENTS", "n"))
                    .containsExactly(List.of("0"));
            // a view of the default node: its definition names the logical schema, never the physical database
            assertThat(rows(c, "SELECT TABLE_SCHEMA, TABLE_NAME, DEFINER FROM information_schema.VIEWS",
                    "TABLE_SCHEMA", "TABLE_NAME", "DEFINER")).containsExactly(List.of("TESTDB", "notes_v", ""));
            assertThat(cells(c, "SELECT VIEW_DEFINITION FROM information_schema.VIEWS")).singleElement(STRING)
                    .contains("`TESTDB`.`notes`");
            assertThat(rows(c, "SHOW FUNCTION STATUS WHERE Db='TESTDB'", "Name")).isEmpty();
            assertThatThrownBy(() -> cells(c, "SHOW FUNCTION STATUS WHERE nope = 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1054));
            // the sharded table's trigger, on each of its shards, once under the logical table's name
            assertThat(rows(c, "SHOW TRIGGERS FROM `TESTDB` LIKE 'orders'", "Trigger", "Table", "Definer"))
                    .containsExactly(List.of("orders_check", "orders", "null"));
            assertThat(rows(c, "SHOW FULL TRIGGERS", "Trigger")).containsExactly(List.of("orders_check"));
            assertThat(rows(c, "SELECT * FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = DATABASE()",
                    "TRIGGER_SCHEMA", "TRIGGER_NAME", "EVENT_OBJECT_SCHEMA", "EVENT_OBJECT_TABLE", "DEFINER"))
                    .containsExactly(List.of("TESTDB", "orders_check", "TESTDB", "orders", "null"));
            assertThat(rows(c, "SHOW EVENTS", "Name")).isEmpty();
            assertThatThrownBy(() -> cells(c, "SHOW TRIGGERS FROM OTHERDB"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
        }
    }

    @Test
    void storedObjectsTextNamesTheLogicalSchemaAndNoAccount() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SHOW CREATE PROCEDURE p_db1", "Procedure", "Create Procedure")).containsExactly(
                    List.of("p_db1", "CREATE PROCEDURE `p_db1`()\nSELECT 1"));
            assertThat(rows(c, "SHOW CREATE TRIGGER orders_check", "Trigger", "SQL Original Statement"))
                    .containsExactly(List.of("orders_check", "CREATE TRIGGER orders_check BEFORE INSERT ON orders"
                            + " FOR EACH ROW SET NEW.customer = TRIM(NEW.customer)"));
            for (String sql : List.of("SHOW CREATE VIEW notes_v", "SHOW CREATE TABLE notes_v",
                    "SHOW CREATE TABLE `TESTDB`.`notes_v`")) {
                assertThat(rows(c, sql, "View", "Create View")).as(sql).containsExactly(List.of("notes_v",
                        "CREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW `notes_v` AS select `notes`.`id` AS"
                                + " `id` from `notes`"));
            }
            assertNamesNoDataHost(cells(c, "SHOW CREATE TABLE notes"));
            // a routine's parameters and a table's checks, under the logical schema's name
            assertNamesNoDataHost(cells(c, "SELECT * FROM information_schema.PARAMETERS"));
            assertNamesNoDataHost(cells(c, "SELECT * FROM information_schema.CHECK_CONSTRAINTS"));
            for (String sql : List.of("SHOW CREATE PROCEDURE nope", "SHOW CREATE TRIGGER nope",
                    "SHOW CREATE VIEW nope", "SHOW CREATE EVENT nope", "SHOW CREATE PROCEDURE p_db2")) {
                assertThatThrownBy(() -> cells(c, sql)).as(sql).isInstanceOfSatisfying(SQLException.class,
                        e -> assertNamesNoDataHost(List.of(e.getMessage())));
            }
            assertThatThrownBy(() -> cells(c, "SHOW CREATE TRIGGER OTHERDB.orders_check"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
        }
    }

    @Test
    void whatWouldShowADataHostsOwnCatalogIsRefusedWithTheReason() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            for (String sql : List.of("SELECT * FROM information_schema.PARTITIONS",
                    "SELECT * FROM information_schema.FILES", "SELECT * FROM information_schema.nope",
                    "SHOW OPEN TABLES", "SHOW ENGINE INNODB STATUS", "SHOW MASTER STATUS", "SHOW BINARY LOGS")) {
                assertThatThrownBy(() -> cells(c, sql)).as(sql).isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).as(sql).isEqualTo(1235);
                    assertThat(e.getMessage()).contains("not answered through Tessera");
                });
            }
            assertThat(cells(c, "SELECT 1")).containsExactly("1"); // the connection goes on
        }
    }

    @Test
    void sessionValuesGrantsAndErrorsNameNoDataHost() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(cells(c, "SELECT DATABASE()")).containsExactly("TESTDB");
            assertNamesNoDataHost(cells(c, "SELECT @@version_comment, @@version, USER(), CURRENT_USER()"));
            assertNamesNoDataHost(cells(c, "SHOW GRANTS"));
            assertNamesNoDataHost(cells(c, "SHOW GRANTS FOR CURRENT_USER()"));
            assertThatThrownBy(() -> cells(c, "SELECT * FROM nope"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertNamesNoDataHost(List.of(e.getMessage())));
        }
    }

    @Test
    void connectorJGetsItsSqlKeywords() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            String keywords = c.getMetaData().getSQLKeywords(); // SELECT WORD FROM INFORMATION_SCHEMA.KEYWORDS ...
            assertThat(keywords.split(",")).contains("ACCESSIBLE", "EMPTY", "ZEROFILL");
            assertThat(column(c, "SELECT WORD FROM INFORMATION_SCHEMA.KEYWORDS WHERE RESERVED=1 ORDER BY WORD", 1))
                    .hasSize(258).startsWith("ACCESSIBLE", "ADD").doesNotContain("ACTION");
            assertThat(column(c, "SELECT COUNT(*) FROM information_schema.KEYWORDS WHERE NOT RESERVED", 1))
                    .containsExactly("487");
        }
    }

    /** No value names a physical database, the data host's account or its address. */
    private static void assertNamesNoDataHost(List<String> cells) {
        List<String> forbidden = List.of(tessera.database("db1"), tessera.database("db2"),
                tessera.dataHosts().user() + "@", tessera.dataHosts().host() + ":" + tessera.dataHosts().port());
        for (String cell : cells) {
            for (String word : forbidden) {
                assertThat(cell == null ? "" : cell.toLowerCase(Locale.ROOT)).as(cell)
                        .doesNotContain(word.toLowerCase(Locale.ROOT));
            }
        }
    }

    /** The statements of {@code gui-tools/<tool>.sql}: each ends with a semicolon at the end of a line. */
    private static List<String> recorded(String tool) {
        String text;
        try (InputStream in = GuiToolsIT.class.getResourceAsStream("/gui-tools/" + tool + ".sql")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> statements = new ArrayList<>();
        StringBuilder statement = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.startsWith("--") || line.isBlank()) {
                continue;
            }
            statement.append(statement.length() == 0 ? "" : "\n").append(line);
            if (line.endsWith(";")) {
                statements.add(statement.substring(0, statement.length() - 1));
                statement.setLength(0);
            }
        }
        return statements;
    }

    /** Every cell of every row, as text. */
    private static List<String> cells(Connection c, String sql) throws SQLException {
        List<String> cells = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) {
                    cells.add(rs.getString(i));
                }
            }
        }
        return cells;
    }

    private static List<String> column(Connection c, String sql, int column) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(column));
            }
        }
        return values;
    }

    private static List<List<String>> rows(Connection c, String sql, String... labels) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (String label : labels) {
                    row.add(String.valueOf(rs.getString(label)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Connection node(String db) throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database(db));
    }
}
