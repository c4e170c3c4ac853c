package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A PostgreSQL data host ({@code dbType="postgresql" dbDriver="jdbc"}) serving a simple table through Tessera to a
 * MySQL client: values and column types as a MySQL server would give them. Skipped when no PostgreSQL answers on
 * 127.0.0.1:5432 (the development machines run one: trust authentication, database {@code test}).
 */
@Tag("integration")
class JdbcPostgresIT {

    private static final String PG_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final String TABLE = "tessera_jdbc_it_" + ProcessHandle.current().pid();

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/jdbc-postgresql");

    @BeforeAll
    static void createTable() throws SQLException {
        Assumptions.assumeTrue(reachable(), "PostgreSQL does not answer on 127.0.0.1:5432: JdbcPostgresIT skipped");
        try (Connection pg = DriverManager.getConnection(PG_URL, "postgres", ""); Statement s = pg.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id INT PRIMARY KEY, big BIGINT, small SMALLINT, name VARCHAR(20),"
                    + " amount NUMERIC(10,2), ratio DOUBLE PRECISION, born DATE, seen TIMESTAMP(3), flag BOOLEAN,"
                    + " note TEXT)");
            s.execute("INSERT INTO " + TABLE + " VALUES (1, 9007199254740993, -7, 'héllo', 12.5, 0.1, '2024-01-02',"
                    + " '2024-01-02 03:04:05.120', true, 'a note'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
                    + " NULL, NULL), (3, -1, 0, '', -0.01, 1e20, '0999-12-31', '2024-12-31 23:59:59', false, 'x')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        if (reachable()) {
            try (Connection pg = DriverManager.getConnection(PG_URL, "postgres", "");
                    Statement s = pg.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }

    private static boolean reachable() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", 5432), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void servesATableWithMysqlValuesAndTypes() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, big, small, name, amount, ratio, born, seen, flag, note FROM "
                        + TABLE + " ORDER BY id")) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> types = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                types.add(meta.getColumnLabel(i) + " " + meta.getColumnTypeName(i));
            }
            // a BOOLEAN is MySQL's TINYINT(1), which Connector/J shows as BIT (its tinyInt1isBit), as from MySQL
            assertThat(types).containsExactly("id INT", "big BIGINT", "small SMALLINT", "name VARCHAR",
                    "amount DECIMAL", "ratio DOUBLE", "born DATE", "seen DATETIME", "flag BIT", "note VARCHAR");
            assertThat(meta.getColumnType(5)).isEqualTo(Types.DECIMAL);
            assertThat(meta.getScale(5)).isEqualTo(2);
            assertThat(meta.getColumnType(8)).isEqualTo(Types.TIMESTAMP);

            // Connector/J's getBytes gives a text row's bytes as they came (getString reformats some types)
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    byte[] wire = rs.getBytes(i);
                    row.append(i > 1 ? "|" : "").append(wire == null ? null : new String(wire, StandardCharsets.UTF_8));
                }
                rows.add(row.toString());
            }
            assertThat(rows).containsExactly(
                    "1|9007199254740993|-7|héllo|12.50|0.1|2024-01-02|2024-01-02 03:04:05.120|1|a note",
                    "2|null|null|null|null|null|null|null|null|null",
                    "3|-1|0||-0.01|1e20|0999-12-31|2024-12-31 23:59:59.000|0|x");
        }
    }

    @Test
    void typedGettersReadTheValues() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT big, amount, born, seen FROM " + TABLE + " WHERE id = 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(9_007_199_254_740_993L);
            assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("12.50");
            assertThat(rs.getObject(3, java.time.LocalDate.class)).isEqualTo(java.time.LocalDate.of(2024, 1, 2));
            assertThat(rs.getObject(4, java.time.LocalDateTime.class))
                    .isEqualTo(java.time.LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000));
        }
    }

    @Test
    void itsErrorsAre1105NamingTheDataHostAndTheConnectionLivesOn() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM no_such_table_here"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage()).contains("data host pg (jdbc:postgresql://127.0.0.1:5432/test)")
                                .contains("no_such_table_here").contains("SQLSTATE 42P01");
                    });
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TABLE)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(3);
            }
        }
    }

    @Test
    void commitsAndRollsBackOverJdbc() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO " + TABLE + " (id) VALUES (10)");
            c.rollback();
            s.execute("INSERT INTO " + TABLE + " (id) VALUES (11)");
            c.commit();
            // a new transaction, after the pool may have had the connection back: autocommit is still off
            s.execute("INSERT INTO " + TABLE + " (id) VALUES (13)");
            c.rollback();
            c.setAutoCommit(true);
            s.execute("INSERT INTO " + TABLE + " (id) VALUES (12)"); // autocommit again: committed at once
        }
        try (Connection pg = DriverManager.getConnection(PG_URL, "postgres", ""); Statement s = pg.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM " + TABLE + " WHERE id >= 10 ORDER BY id")) {
            List<Integer> ids = new ArrayList<>();
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
            assertThat(ids).containsExactly(11, 12);
        } finally {
            try (Connection pg = DriverManager.getConnection(PG_URL, "postgres", "");
                    Statement s = pg.createStatement()) {
                s.execute("DELETE FROM " + TABLE + " WHERE id >= 10");
            }
        }
    }

    @Test
    void heartbeatIsOk() throws Exception {
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                rows -> rows.get(0).get("RS_CODE").equals("1"));
        Map<String, String> source = AdminRows.of(tessera.adminPort(), "show @@datasource").get(0);
        assertThat(source).containsEntry("NAME", "pgM1").containsEntry("TYPE", "postgresql");
    }
}
