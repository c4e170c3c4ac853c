package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SHOW CREATE PROCEDURE / FUNCTION / TRIGGER / VIEW / EVENT through Tessera (and information_schema.PARAMETERS and
 * CHECK_CONSTRAINTS), of objects made directly on the data nodes (a trigger on every shard of a sharded table; a view,
 * a procedure, a function and an event on the default node): the text names the logical schema, never a physical
 * database or the data host's account, and loads into a plain MariaDB database. {@code mysqldump --routines --events
 * --triggers} of the logical schema exits 0 and its dump loads into a plain database with the trigger, the view, the
 * routines, the event, the check and every row.
 */
@Tag("integration")
class MysqldumpRoutinesIT {

    private static final int ORDERS = 500;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    private static String dump;
    private static String plain;

    @BeforeAll
    static void objectsOnTheDataNodes() throws SQLException {
        dump = DumpPrograms.mysqldump();
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2),"
                    + " CONSTRAINT non_negative CHECK (total >= 0))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
            StringBuilder insert = new StringBuilder("INSERT INTO orders (id, customer, total) VALUES ");
            for (int id = 1; id <= ORDERS; id++) {
                insert.append(id == 1 ? "" : ", ").append('(').append(id).append(", 'c").append(id).append("', ")
                        .append(id).append(".50)");
            }
            s.executeUpdate(insert.toString());
            s.executeUpdate("INSERT INTO region VALUES (1, 'north'), (2, 'south')");
            s.executeUpdate("INSERT INTO notes VALUES (1, 'one'), (2, 'two')");
        }
        for (String db : List.of("db1", "db2")) {
            try (Connection c = node(db); Statement s = c.createStatement()) {
                s.execute("CREATE TRIGGER orders_total BEFORE INSERT ON orders FOR EACH ROW"
                        + " SET NEW.total = COALESCE(NEW.total, 0)");
            }
        }
        String db1 = tessera.database("db1");
        try (Connection c = node("db1"); Statement s = c.createStatement()) {
            s.execute("CREATE VIEW notes_v AS SELECT id, body FROM `" + db1 + "`.notes");
            s.execute("CREATE PROCEDURE add_note(IN n INT, IN b TEXT) INSERT INTO notes VALUES (n, b)");
            s.execute("CREATE FUNCTION note_count(since INT) RETURNS INT READS SQL DATA"
                    + " RETURN (SELECT COUNT(*) FROM `" + db1 + "`.notes WHERE id >= since)"
                    + " + (SELECT COUNT(*) FROM " + db1 + ".notes WHERE id < since)");
            s.execute("CREATE EVENT purge_notes ON SCHEDULE EVERY 1 DAY DISABLE DO DELETE FROM notes WHERE id < 0");
        }
        plain = DataHosts.databaseName(MysqldumpRoutinesIT.class, "plain");
        tessera.dataHosts().createDatabase(plain);
    }

    @AfterAll
    static void dropPlain() throws SQLException {
        if (plain != null) {
            tessera.dataHosts().dropDatabase(plain);
        }
    }

    @Test
    void showCreateOfEachObjectNamesTheLogicalSchemaAndLoadsIntoAPlainDatabase() throws SQLException {
        List<String> texts = new ArrayList<>();
        try (Connection c = tessera.connect("TESTDB")) {
            texts.add(text(c, "SHOW CREATE FUNCTION note_count", "Function", "Create Function"));
            texts.add(text(c, "SHOW CREATE PROCEDURE TESTDB.add_note", "Procedure", "Create Procedure"));
            texts.add(text(c, "SHOW CREATE VIEW notes_v", "View", "Create View"));
            texts.add(text(c, "SHOW CREATE TRIGGER orders_total", "Trigger", "SQL Original Statement"));
            texts.add(text(c, "SHOW CREATE EVENT purge_notes", "Event", "Create Event"));
            assertThat(text(c, "SHOW CREATE TABLE notes_v", "View", "Create View")).isEqualTo(texts.get(2));
            assertThat(Rows.describe(c.createStatement().executeQuery("SHOW CREATE TRIGGER orders_total")
                    .getMetaData())).extracting(column -> column.split(" ")[0]).containsExactly("Trigger",
                            "sql_mode", "SQL", "character_set_client", "collation_connection", "Database", "Created");
            assertThat(Rows.fetchAll(c, "SELECT SPECIFIC_SCHEMA, SPECIFIC_NAME, PARAMETER_NAME FROM"
                    + " information_schema.PARAMETERS WHERE PARAMETER_NAME IS NOT NULL ORDER BY 2, ORDINAL_POSITION"))
                    .containsExactly(List.of("TESTDB", "add_note", "n"), List.of("TESTDB", "add_note", "b"),
                            List.of("TESTDB", "note_count", "since"));
            // the sharded table's check, on both its nodes, once (in MySQL 8's columns, which name no table)
            assertThat(Rows.fetchAll(c, "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME FROM"
                    + " information_schema.CHECK_CONSTRAINTS")).containsExactly(List.of("TESTDB", "non_negative"));
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW CREATE FUNCTION nope"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1305));
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW CREATE TRIGGER nope"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1360));
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW CREATE VIEW nope")).isInstanceOfSatisfying(
                    SQLException.class, e -> assertThat(e.getMessage()).isEqualTo("Table 'TESTDB.nope' doesn't exist"));
        }
        assertThat(texts.get(0)).contains("FROM `TESTDB`.notes", "FROM TESTDB.notes");
        assertNamesNoDataHost(String.join("\n", texts));
        try (Connection c = tessera.dataHosts().connectDirect(plain); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
            for (String text : texts) {
                s.execute(text);
            }
            s.execute("CALL add_note(3, 'three')");
            s.executeUpdate("INSERT INTO orders (id, customer, total) VALUES (1, 'a', NULL)");
            assertThat(Rows.fetchAll(c, "SELECT total FROM orders").get(0).get(0).toString()).isEqualTo("0.00");
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM notes_v").get(0).get(0).toString()).isEqualTo("1");
            s.execute("DROP DATABASE `" + plain + "`");
            s.execute("CREATE DATABASE `" + plain + "`");
        }
    }

    @Test
    void dumpWithRoutinesEventsAndTriggersLoadsBackWithEveryObjectAndRow() throws Exception {
        assumeTrue(dump != null, "no mysqldump or mariadb-dump on the PATH");
        DumpPrograms.Dump output = DumpPrograms.dump(List.of(dump, "-h127.0.0.1", "-P" + tessera.port(), "-utest", "-ptest", "--no-tablespaces",
                "--single-transaction", "--routines", "--events", "--triggers", "TESTDB"));
        assertThat(output.err()).isBlank();
        String sql = output.sql();
        assertNamesNoDataHost(sql);
        String restored = DataHosts.databaseName(MysqldumpRoutinesIT.class, "restored");
        tessera.dataHosts().createDatabase(restored);
        try {
            DumpPrograms.load(tessera.dataHosts(), restored, sql);
            try (Connection c = tessera.dataHosts().connectDirect(restored)) {
                assertThat(Rows.fetchAll(c, "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS"
                        + " WHERE TRIGGER_SCHEMA = DATABASE()")).containsExactly(List.of("orders_total", "orders"));
                assertThat(Rows.fetchAll(c, "SELECT TABLE_NAME FROM information_schema.VIEWS"
                        + " WHERE TABLE_SCHEMA = DATABASE()")).containsExactly(List.of("notes_v"));
                assertThat(Rows.fetchAll(c, "SELECT ROUTINE_NAME, ROUTINE_TYPE FROM information_schema.ROUTINES"
                        + " WHERE ROUTINE_SCHEMA = DATABASE() ORDER BY 1")).containsExactly(
                                List.of("add_note", "PROCEDURE"), List.of("note_count", "FUNCTION"));
                assertThat(Rows.fetchAll(c, "SELECT TABLE_NAME, CONSTRAINT_NAME FROM"
                        + " information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()"))
                        .containsExactly(List.of("orders", "non_negative"));
                assertThat(Rows.fetchAll(c, "SELECT EVENT_NAME FROM information_schema.EVENTS"
                        + " WHERE EVENT_SCHEMA = DATABASE()")).containsExactly(List.of("purge_notes"));
                for (String table : List.of("orders", "region", "notes", "notes_v")) {
                    assertThat(Rows.fetchAll(c, "SELECT * FROM " + table + " ORDER BY id")).as(table)
                            .isEqualTo(throughTessera(table));
                }
                assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM orders").get(0).get(0).toString())
                        .isEqualTo(String.valueOf(ORDERS));
            }
        } finally {
            tessera.dataHosts().dropDatabase(restored);
        }
    }

    /** The one row's {@code textColumn}, checking that {@code nameColumn} is there too (MySQL's column names). */
    private static String text(Connection c, String sql, String nameColumn, String textColumn) throws SQLException {
        try (Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
            assertThat(rs.next()).as(sql).isTrue();
            assertThat(rs.getString(nameColumn)).as(sql).isNotBlank();
            String text = rs.getString(textColumn);
            assertThat(rs.next()).as(sql).isFalse();
            return text;
        }
    }

    /** No physical database's name, nor the data host's account, in {@code text}. */
    private static void assertNamesNoDataHost(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String word : List.of(tessera.database("db1"), tessera.database("db2"),
                "`" + tessera.dataHosts().user() + "`@", "definer=")) {
            assertThat(lower).doesNotContain(word.toLowerCase(Locale.ROOT));
        }
    }

    private static List<List<Object>> throughTessera(String table) throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            return Rows.fetchAll(c, "SELECT * FROM " + table + " ORDER BY id LIMIT " + (ORDERS + 1));
        }
    }

    private static Connection node(String db) throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database(db));
    }
}
