package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A string sharding value is placed by its value, however a client writes it: a row inserted one way is found every
 * other way (text with doubled or backslash-escaped quotes, N'', hex, adjacent literals, prepared statements of the
 * server and of the driver, NO_BACKSLASH_ESCAPES), each on one data node; reads of values the function cannot place
 * ask every node; months before PartitionByMonth's begin date are on the first node.
 */
@Tag("integration")
class StringValuesIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/string-values");

    /** Values whose literals need escaping; utf8mb4_bin, so that no two of them are equal. */
    private static final List<String> VALUES = List.of("a'b", "a\\b", "O'Neil\\%_", "q\"uote", "é€ 中", "tab\tnew\nline",
            "\\'");

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection c = tessera.connect("STRDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE codes (id INT PRIMARY KEY, code VARCHAR(40) CHARACTER SET utf8mb4"
                    + " COLLATE utf8mb4_bin)");
            s.execute("CREATE TABLE nums (id INT PRIMARY KEY, note VARCHAR(10))");
            s.execute("CREATE TABLE events (day DATE, note VARCHAR(10))");
        }
    }

    /** The ways a client can write {@code value} in a statement's text, in MySQL's default sql_mode. */
    private static List<String> literals(String value) {
        String escaped = value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
        int half = value.length() / 2;
        return List.of(
                "'" + escaped.replace("'", "''") + "'",
                "'" + escaped.replace("'", "\\'") + "'",
                "\"" + escaped.replace("\"", "\\\"") + "\"",
                "N'" + escaped.replace("'", "''") + "'",
                "_utf8mb4'" + escaped.replace("'", "''") + "'",
                "X'" + HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8)) + "'",
                "'" + value.substring(0, half).replace("\\", "\\\\").replace("'", "''") + "' '"
                        + value.substring(half).replace("\\", "\\\\").replace("'", "''") + "'");
    }

    private static Connection serverPrepared() throws SQLException {
        return DriverManager.getConnection(tessera.jdbcUrl("STRDB") + "?useServerPrepStmts=true",
                RunningTessera.USER, RunningTessera.PASSWORD);
    }

    @Test
    void aRowInsertedOneWayIsFoundEveryOtherWayOnOneNode() throws SQLException {
        int id = 0;
        try (Connection text = tessera.connect("STRDB"); Connection server = serverPrepared();
                Statement s = text.createStatement()) {
            for (String value : VALUES) {
                for (String literal : literals(value)) {
                    s.executeUpdate("INSERT INTO codes (id, code) VALUES (" + id++ + ", " + literal + ")");
                }
                for (Connection c : List.of(text, server)) { // the driver's and the server's prepared statements
                    try (PreparedStatement p = c.prepareStatement("INSERT INTO codes (id, code) VALUES (?, ?)")) {
                        p.setInt(1, id++);
                        p.setString(2, value);
                        p.executeUpdate();
                    }
                }
            }
            int copies = literals(VALUES.get(0)).size() + 2;
            for (String value : VALUES) {
                for (String literal : literals(value)) {
                    assertThat(count(s, "SELECT COUNT(*) FROM codes WHERE code = " + literal))
                            .as(literal).isEqualTo(copies);
                }
                for (Connection c : List.of(text, server)) {
                    try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM codes WHERE code = ?")) {
                        p.setString(1, value);
                        assertThat(count(p)).as("prepared " + value).isEqualTo(copies);
                    }
                }
            }
        }
        for (String value : VALUES) {
            assertThat(nodesHolding(value)).as(value).hasSize(1);
        }
    }

    @Test
    void aNoBackslashEscapesSessionReadsBackslashesAsThemselves() throws SQLException {
        String value = "C:\\temp\\";
        try (Connection nbe = serverPrepared(); Connection other = serverPrepared();
                Statement s = nbe.createStatement()) {
            s.execute("SET sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')");
            s.executeUpdate("INSERT INTO codes (id, code) VALUES (1001, 'C:\\temp\\')");
            // Connector/J's client-side statements read sql_mode at connect only: the server's prepared statement
            // shows what Tessera does with a bound value under the mode
            try (PreparedStatement p = nbe.prepareStatement("INSERT INTO codes (id, code) VALUES (?, ?)")) {
                p.setInt(1, 1002);
                p.setString(2, value);
                p.executeUpdate();
            }
            assertThat(count(s, "SELECT COUNT(*) FROM codes WHERE code = 'C:\\temp\\'")).isEqualTo(2);
            try (Statement d = other.createStatement()) {
                assertThat(count(d, "SELECT COUNT(*) FROM codes WHERE code = 'C:\\\\temp\\\\'")).isEqualTo(2);
            }
            try (PreparedStatement p = other.prepareStatement("SELECT COUNT(*) FROM codes WHERE code = ?")) {
                p.setString(1, value);
                assertThat(count(p)).isEqualTo(2);
            }
        }
        assertThat(nodesHolding(value)).hasSize(1);
    }

    @Test
    void aNoBackslashEscapesSessionIsRefusedAStatementTesseraWouldWriteAnew() throws SQLException {
        try (Connection nbe = tessera.connect("STRDB"); Statement s = nbe.createStatement()) {
            s.execute("SET sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')");
            // rows for two nodes: each would get an INSERT written anew, its backslash escaped
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO nums (id, note) VALUES (77, 'a\\x'), (177, 'b\\x')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("NO_BACKSLASH_ESCAPES");
                    });
            // nothing was inserted; and a merge (COUNT over both nodes) without a backslash in a string runs
            assertThat(count(s, "SELECT COUNT(*) FROM nums WHERE id IN (77, 177)")).isZero();
            assertThatThrownBy(() -> count(s, "SELECT COUNT(*) FROM nums WHERE note LIKE 'a\\%'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            // the statement splitter reads backslashes as escapes: such a multi-statement text is refused
            try (Connection multi = DriverManager.getConnection(tessera.jdbcUrl("STRDB") + "?allowMultiQueries=true",
                    RunningTessera.USER, RunningTessera.PASSWORD); Statement m = multi.createStatement()) {
                m.execute("SET sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')");
                assertThatThrownBy(() -> m.execute("SELECT 'a\\'; SELECT 2"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            }
            // one row, one node, the client's own text: the node reads the backslash as the session does
            s.executeUpdate("INSERT INTO nums (id, note) VALUES (78, 'a\\x')");
            assertThat(count(s, "SELECT COUNT(*) FROM nums WHERE id = 78 AND note = 'a\\x'")).isEqualTo(1);
        }
    }

    @Test
    void aReadOfAValueTheFunctionCannotPlaceAsksEveryNode() throws SQLException {
        try (Connection c = tessera.connect("STRDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO nums (id, note) VALUES (0, 'zero'), (150, 'x')");
            // MySQL compares '' and 'abc' with an integer column as 0: the row is on the first node only
            assertThat(Rows.fetchAll(c, "SELECT note FROM nums WHERE id = ''")).containsExactly(List.of("zero"));
            assertThat(Rows.fetchAll(c, "SELECT note FROM nums WHERE id = 'abc'")).containsExactly(List.of("zero"));
            // an integer column stores '' as 0 or refuses it, by its sql_mode: the router cannot know which
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO nums (id, note) VALUES ('', 'no')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("nums", "not a plain integer");
                    });
            s.executeUpdate("INSERT INTO codes (id, code) VALUES (2001, ''), (2002, ' ')");
            // PAD SPACE: '' and ' ' are equal, and looked for on every node
            assertThat(count(s, "SELECT COUNT(*) FROM codes WHERE code = ''")).isEqualTo(2);
            assertThat(count(s, "SELECT COUNT(*) FROM codes WHERE code = '  '")).isEqualTo(2);
        }
    }

    @Test
    void monthsBeforeTheBeginDateAreOnTheFirstNode() throws SQLException {
        try (Connection c = tessera.connect("STRDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO events (day, note) VALUES ('2014-06-01', 'early'), ('2015-02-10', 'feb')");
            assertThat(Rows.fetchAll(c, "SELECT note FROM events WHERE day = '2014-06-01'"))
                    .containsExactly(List.of("early"));
            assertThat(Rows.fetchAll(c, "SELECT note FROM events WHERE day BETWEEN '2014-01-01' AND '2014-12-31'"))
                    .containsExactly(List.of("early"));
        }
        assertThat(direct("db1", "SELECT note FROM events")).containsExactly("early");
        assertThat(direct("db2", "SELECT note FROM events")).containsExactly("feb");
    }

    /** The databases holding rows of {@code value}, read on the data host directly. */
    private static List<String> nodesHolding(String value) throws SQLException {
        List<String> nodes = new ArrayList<>();
        for (String db : List.of("db1", "db2", "db3", "db4")) {
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db));
                    PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM codes WHERE code = ?")) {
                p.setString(1, value);
                if (count(p) > 0) {
                    nodes.add(db);
                }
            }
        }
        return nodes;
    }

    private static List<String> direct(String db, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db))) {
            for (List<Object> row : Rows.fetchAll(c, sql)) {
                values.add(String.valueOf(row.get(0)));
            }
        }
        return values;
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long count(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
