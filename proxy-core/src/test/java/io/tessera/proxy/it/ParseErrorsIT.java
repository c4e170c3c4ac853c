package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A statement Tessera cannot parse gets the ERR the data host gives for it: 1064, 42000 and MySQL's sentence, quoting
 * the text from the same place and naming the same line, whether it comes as a text statement, in a multi-statement
 * text, as an EXPLAIN or to COM_STMT_PREPARE. Tessera presents itself as MySQL 8 in these templates, so where the data
 * host says "MariaDB server version", Tessera says "MySQL server version"; the rest is compared as it is.
 */
@Tag("integration")
class ParseErrorsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    /** An ERR 1064: everything before the quote, the quoted text, the line. */
    private static final Pattern NEAR = Pattern.compile("(1064 42000 .* near )'(.*)' at line (\\d+)",
            Pattern.DOTALL);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "SELEC 1",
            "SELECT * FORM t",
            "SELECT 1 +",
            "SELECT 1,\n2,\n3 3 4 FROM\nt",
            "select 1 from dual where",
            "DELETE FROM t WHERE",
            "UPDATE t SET",
            "insert into t values (1",
            "select * from t order",
            "create table (id int)",
            "EXPLAIN SELECT * FORM t",
            "select 'abc",
    })
    void aTextStatementGetsTheDataHostsSyntaxError(String sql) throws SQLException {
        assertSameTextAnswer(sql);
    }

    /** MySQL's {@code %-.80s} cuts the quote at 80 characters; MariaDB's {@code %-.80T} ends it with "...". */
    @Test
    void theQuotedTextIsCutAt80CharactersAsMysqlCutsIt() throws SQLException {
        String sql = "SELECT * FORM " + "x".repeat(100);
        try (Connection direct = tessera.dataHosts().connectDirect(tessera.database("db1"));
                Connection proxied = tessera.connect("TESTDB")) {
            String quote = "near 'FORM " + "x".repeat(72);
            assertThat(asMysql(answer(direct, sql))).contains(quote);
            assertThat(answer(proxied, sql)).isEqualTo("1064 42000 You have an error in your SQL syntax; check the"
                    + " manual that corresponds to your MySQL server version for the right syntax to use "
                    + quote + "xxx' at line 1"); // 75 of 100
        }
    }

    private static void assertSameTextAnswer(String sql) throws SQLException {
        try (Connection direct = tessera.dataHosts().connectDirect(tessera.database("db1"));
                Connection proxied = tessera.connect("TESTDB")) {
            String expected = asMysql(answer(direct, sql));

            assertThat(expected).startsWith("1064 42000 You have an error in your SQL syntax; check the manual");
            assertThat(answer(proxied, sql)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SELEC ?", "SELECT * FORM t WHERE id = ?", "SELECT ? +"})
    void aServerSidePrepareGetsTheSameSyntaxError(String sql) throws SQLException {
        String options = "useServerPrepStmts=true&emulateUnsupportedPstmts=false";
        try (Connection direct = DriverManager.getConnection(tessera.dataHosts().jdbcUrl(tessera.database("db1"))
                + "&" + options, tessera.dataHosts().user(), tessera.dataHosts().password());
                Connection proxied = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?" + options,
                        RunningTessera.USER, RunningTessera.PASSWORD)) {
            String expected = asMysql(prepareAnswer(direct, sql));

            assertThat(expected).startsWith("1064 42000 ");
            assertThat(prepareAnswer(proxied, sql)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SELECT 1; SELEC 2", "SELECT 1; SELECT * FORM t; SELECT 3", "SELECT 'a'; SELECT 'b"})
    void aStatementOfAMultiStatementTextGetsTheSameSyntaxError(String sql) throws SQLException {
        String options = "allowMultiQueries=true";
        try (Connection direct = DriverManager.getConnection(tessera.dataHosts().jdbcUrl(tessera.database("db1"))
                + "&" + options, tessera.dataHosts().user(), tessera.dataHosts().password());
                Connection proxied = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?" + options,
                        RunningTessera.USER, RunningTessera.PASSWORD)) {
            Matcher expected = NEAR.matcher(asMysql(answer(direct, sql)));
            Matcher actual = NEAR.matcher(answer(proxied, sql));

            assertThat(expected.matches()).as("the data host's answer").isTrue();
            assertThat(actual.matches()).as("Tessera's answer").isTrue();
            assertThat(actual.group(1)).isEqualTo(expected.group(1));
            assertThat(actual.group(3)).isEqualTo(expected.group(3));
            // Tessera parses each statement alone, so its quote ends where the failing statement ends
            assertThat(actual.group(2)).isNotEmpty();
            assertThat(expected.group(2)).startsWith(actual.group(2));
        }
    }

    @Test
    void theConnectionLivesOnAfterASyntaxError() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(answer(c, "SELEC 1")).startsWith("1064 ");
            assertThat(Rows.fetchAll(c, "SELECT 1")).containsExactly(List.of(1));
        }
    }

    /** The data host's words as a server presenting itself as MySQL says them. */
    private static String asMysql(String answer) {
        return answer.replace("your MariaDB server version", "your MySQL server version");
    }

    /** {@code code SQLSTATE message} of the error {@code sql} (all its results) ends with. */
    private static String answer(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            boolean rows = s.execute(sql);
            while (rows || s.getUpdateCount() != -1) {
                rows = s.getMoreResults(); // a multi-statement text fails at the result of the statement that fails
            }
            return "no error";
        } catch (SQLException e) {
            return e.getErrorCode() + " " + e.getSQLState() + " " + e.getMessage();
        }
    }

    private static String prepareAnswer(Connection c, String sql) {
        try {
            c.prepareStatement(sql).close();
            return "no error";
        } catch (SQLException e) {
            return e.getErrorCode() + " " + e.getSQLState() + " " + e.getMessage();
        }
    }
}
