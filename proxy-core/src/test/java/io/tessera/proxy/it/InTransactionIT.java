package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code @@in_transaction} says what the data host says for the same statements: 1 from BEGIN or START TRANSACTION,
 * or with autocommit off from the first statement that reads or writes a table, to COMMIT or ROLLBACK; 0 otherwise,
 * {@code SET autocommit = 0} alone included.
 */
@Tag("integration")
class InTransactionIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    /** After each, both sides are asked for {@code @@in_transaction, @@session.in_transaction}. */
    private static final List<String> STATEMENTS = List.of(
            "SELECT v FROM in_tx WHERE id = 1",
            "SET autocommit = 0",
            "SELECT @@autocommit",
            "SELECT v FROM in_tx WHERE id = 1",
            "COMMIT",
            "UPDATE in_tx SET v = v + 1 WHERE id = 1",
            "ROLLBACK",
            "INSERT INTO in_tx VALUES (2, 20)",
            "COMMIT",
            "BEGIN",
            "COMMIT",
            "SET autocommit = 1",
            "UPDATE in_tx SET v = v + 1 WHERE id = 1",
            "BEGIN",
            "SELECT v FROM in_tx WHERE id = 1",
            "ROLLBACK",
            "START TRANSACTION",
            "COMMIT",
            "START TRANSACTION READ ONLY",
            "SELECT v FROM in_tx WHERE id = 1",
            "COMMIT",
            "SET autocommit = 0",
            "BEGIN",
            "COMMIT",
            "DELETE FROM in_tx WHERE id = 2",
            "SET autocommit = 1");

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE in_tx (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
            s.execute("INSERT INTO in_tx VALUES (1, 10)");
        }
    }

    @Test
    void inTransactionFollowsTheSessionsTransactionAsOnTheDataHost() throws SQLException {
        List<String> expected;
        try (Connection direct = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
            expected = run(direct);
        }
        try (Connection proxied = tessera.connect("TESTDB")) {
            assertThat(run(proxied)).containsExactlyElementsOf(expected);
        }
        assertThat(expected).contains("SET autocommit = 0 -> 0 0", "BEGIN -> 1 1", "COMMIT -> 0 0");
    }

    private static List<String> run(Connection c) throws SQLException {
        List<String> answers = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            answers.add("at connect -> " + inTransaction(s));
            for (String sql : STATEMENTS) {
                s.execute(sql);
                answers.add(sql + " -> " + inTransaction(s));
            }
        }
        return answers;
    }

    private static String inTransaction(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT @@in_transaction, @@session.in_transaction")) {
            rs.next();
            return rs.getString(1) + " " + rs.getString(2);
        }
    }
}
