package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every failure is a proper ERR packet with MySQL's code and SQLSTATE, and the connection lives on after it. */
@Tag("integration")
class ErrorsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    @Test
    void wrongPasswordIsAccessDenied() {
        assertThatThrownBy(() -> tessera.connect("TESTDB", "test", "wrong").close())
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1045);
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage()).contains("Access denied for user 'test'");
                });
    }

    @Test
    void unknownUserIsAccessDeniedToo() {
        assertThatThrownBy(() -> tessera.connect("TESTDB", "nobody", "test").close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }

    @Test
    void unknownSchemaIs1049AndAForeignSchemaIs1044() {
        assertThatThrownBy(() -> tessera.connect("NOPE").close())
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1049);
                    assertThat(e.getSQLState()).isEqualTo("42000");
                });
        assertThatThrownBy(() -> tessera.connect("OTHERDB").close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1044));
    }

    @Test
    void statementErrorsKeepTheConnectionUsable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            expectError(s, "SELECT * FROM no_such_table", 1146, "42S02", "doesn't exist");
            expectError(s, "SELEKT 1", 1064, "42000", "syntax");
            s.execute("CREATE TABLE dup (id INT PRIMARY KEY)");
            s.execute("INSERT INTO dup VALUES (1)");
            expectError(s, "INSERT INTO dup VALUES (1)", 1062, "23000", "Duplicate entry '1'");
            expectError(s, "USE NOPE", 1049, "42000", "Unknown database 'NOPE'");
            expectError(s, "SET GLOBAL max_connections = 5", 1235, "42000", "SET GLOBAL");
            expectError(s, "SET sql_mode = 'NO_SUCH_MODE'", 1231, "42000", "sql_mode");
            expectError(s, "SET autocommit = NULL", 1231, "42000", "autocommit");
            expectError(s, "SET xa = NULL", 1231, "42000", "xa");
            expectError(s, "LOCK TABLES dup WRITE, no_such_table READ", 1146, "42S02", "doesn't exist"); // none held
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM dup")).containsExactly(List.of(1L));
            s.execute("DROP TABLE dup");
        }
    }

    @Test
    void noSchemaSelectedIs1046() throws SQLException {
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl(null), "nodefault", "nodefault");
                Statement s = c.createStatement()) {
            expectError(s, "SELECT * FROM dup", 1046, "3D000", "No database selected");
            assertThat(Rows.fetchAll(c, "SELECT 1 + 1")).containsExactly(List.of(2));
        }
    }

    private static void expectError(Statement s, String sql, int code, String state, String text) throws SQLException {
        assertThatThrownBy(() -> s.execute(sql))
                .as(sql)
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).as(sql).isEqualTo(code);
                    assertThat(e.getSQLState()).as(sql).isEqualTo(state);
                    assertThat(e.getMessage()).as(sql).containsIgnoringCase(text);
                });
        assertThat(Rows.fetchAll(s.getConnection(), "SELECT 42")).containsExactly(List.of(42));
    }
}
