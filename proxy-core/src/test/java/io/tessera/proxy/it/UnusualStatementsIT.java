package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unusual, incomplete and exotic statements, one after another on one connection, through the text protocol and as
 * server-side prepared statements: each gets a result or an error of MySQL's kind, never Tessera's "internal error",
 * and the connection stays usable. Druid reads some of them differently from MySQL, and each such quirk once cost a
 * dropped or hanging connection. Statements that would change the shared test server (users, databases, replication)
 * are left out.
 */
@Tag("integration")
class UnusualStatementsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions");

    private static final List<String> STATEMENTS = List.of(
            "", " ", ";", ";;", "(", ")", "'", "\"", "`", "/*", "*/", "--", "#", "/* c */", "-- c\n", "SELECT",
            "SELECT *", "SELECT * FROM", "SELECT 1 FROM", "INSERT", "INSERT INTO", "INSERT INTO acct",
            "INSERT INTO acct VALUES", "INSERT INTO acct VALUES ()", "INSERT INTO acct () VALUES ()",
            "INSERT INTO acct SET", "UPDATE", "UPDATE acct", "UPDATE acct SET", "UPDATE acct SET v =", "DELETE",
            "DELETE FROM", "DELETE FROM acct WHERE", "REPLACE", "REPLACE INTO acct", "SET", "SET @", "SET @@",
            "SET @a", "SET @a =", "SET NAMES", "SET NAMES 'nope'", "SET CHARACTER SET", "SET autocommit",
            "SET autocommit = 2", "SET autocommit = 'x'", "SET XA", "SET XA = 2", "SET SESSION", "SET GLOBAL",
            "SET @@global.x = 1", "SET TRANSACTION", "SET TRANSACTION ISOLATION LEVEL",
            "SET TRANSACTION ISOLATION LEVEL nope", "SET SESSION TRANSACTION READ", "SET sql_select_limit = 'x'",
            "SET sql_select_limit = -1", "SET time_zone = 'nope'", "SHOW", "SHOW nope", "SHOW TABLES FROM",
            "SHOW TABLES FROM nope", "SHOW TABLES LIKE", "SHOW DATABASES LIKE", "SHOW COLUMNS", "SHOW COLUMNS FROM",
            "SHOW COLUMNS FROM nope", "SHOW CREATE TABLE", "SHOW CREATE TABLE nope", "SHOW INDEX FROM acct",
            "SHOW WARNINGS LIMIT", "SHOW ERRORS", "SHOW STATUS", "SHOW VARIABLES LIKE", "SHOW PROCESSLIST",
            "SHOW ENGINES", "SHOW TABLE STATUS", "SHOW FULL PROCESSLIST", "SHOW MASTER STATUS", "SHOW SLAVE STATUS",
            "SHOW CHARACTER SET", "SHOW COLLATION", "SHOW TRIGGERS", "SHOW EVENTS", "SHOW PLUGINS",
            "SHOW PRIVILEGES", "DESC", "DESC nope", "DESCRIBE t", "EXPLAIN", "EXPLAIN nope", "EXPLAIN SELECT",
            "EXPLAIN SELECT * FROM nope", "EXPLAIN EXTENDED SELECT 1", "EXPLAIN FORMAT=JSON SELECT * FROM acct",
            "USE", "USE nope", "USE `XDB`", "BEGIN WORK", "START TRANSACTION READ ONLY, READ WRITE",
            "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", "COMMIT WORK", "COMMIT AND CHAIN",
            "COMMIT AND NO CHAIN", "COMMIT RELEASE", "ROLLBACK WORK", "ROLLBACK AND CHAIN", "ROLLBACK TO",
            "ROLLBACK TO SAVEPOINT", "ROLLBACK TO nope", "SAVEPOINT", "RELEASE SAVEPOINT", "RELEASE SAVEPOINT nope",
            "XA", "XA START", "XA START 'x'", "XA END 'x'", "XA RECOVER", "XA COMMIT 'x'", "KILL", "KILL QUERY",
            "KILL CONNECTION", "KILL -1", "KILL 99999999999999999999", "KILL 'x'", "LOCK TABLES",
            "LOCK TABLES acct READ", "UNLOCK TABLES", "CALL", "CALL nope()", "DO 1", "DO", "SELECT 1 INTO @x",
            "SELECT v INTO @y FROM acct WHERE id = 1", "INSERT INTO acct SELECT * FROM acct",
            "UPDATE acct a JOIN acct b ON a.id = b.id SET a.v = 1",
            "DELETE a FROM acct a JOIN acct b ON a.id = b.id WHERE a.id = 99999", "TRUNCATE", "TRUNCATE TABLE nope",
            "RENAME TABLE", "RENAME TABLE nope TO nope2", "ALTER TABLE", "ALTER TABLE nope ADD x INT",
            "CHECK TABLE acct", "CHECKSUM TABLE acct", "CREATE INDEX", "CREATE INDEX i ON nope (x)",
            "DROP INDEX i ON nope", "CREATE TEMPORARY TABLE", "CREATE TEMPORARY TABLE acctt (",
            "DROP TEMPORARY TABLE", "DROP TEMPORARY TABLE IF EXISTS tt", "PREPARE", "PREPARE p", "PREPARE p FROM",
            "PREPARE p FROM 'SELEC'", "PREPARE p FROM ''", "EXECUTE", "EXECUTE nope", "EXECUTE nope USING @a",
            "DEALLOCATE PREPARE", "DEALLOCATE PREPARE nope", "DROP PREPARE nope", "SELECT GET_LOCK()",
            "SELECT GET_LOCK('a')", "SELECT RELEASE_LOCK('never')", "SELECT @@", "SELECT @@nope",
            "SELECT @@session.", "SELECT @", "SELECT DATABASE(", "SELECT LAST_INSERT_ID(5)", "SELECT FOUND_ROWS(1)",
            "SELECT ROW_COUNT() FROM acct", "SELECT SQL_CALC_FOUND_ROWS * FROM acct", "SELECT * FROM acct LIMIT -1",
            "SELECT * FROM acct LIMIT 'a'", "SELECT * FROM acct LIMIT 18446744073709551616",
            "SELECT * FROM acct ORDER BY", "SELECT * FROM acct GROUP BY", "SELECT * FROM acct WHERE id IN ()",
            "SELECT * FROM acct WHERE id = ", "SELECT * FROM acct WHERE id = 1 OR", "SELECT * FROM acct, acct",
            "SELECT * FROM acct UNION", "SELECT (SELECT 1 FROM acct)", "SELECT * FROM (SELECT * FROM acct) x",
            "SELECT * FROM acct WHERE id = (SELECT 1)", "WITH x AS (SELECT 1) SELECT * FROM x", "VALUES (1)",
            "TABLE acct", "SELECT 1 UNION SELECT 2", "(SELECT 1)", "SELECT * FROM acct FOR UPDATE NOWAIT",
            "SELECT * FROM acct LOCK IN SHARE MODE", "SELECT 1 /*!50000 , 2 */", "/*!40101 SET @x = 1 */",
            "/*#mycat:datanode=dn1*/SELECT 1", "/*!mycat:datanode=nope*/SELECT 1",
            "/*!mycat:sql=select 1*/ SELECT * FROM acct", "/*!mycat:schema=nope*/ SELECT 1",
            "/*!mycat:nope=1*/ SELECT 1", "SELECT 'x' COLLATE nope", "SELECT CONVERT('x' USING nope)", "SELECT 0x",
            "SELECT X'G'", "SELECT b'2'", "SELECT 1e", "SELECT .", "SELECT 1..2", "SELECT ???", "SELECT ?",
            "INSERT INTO acct (id) VALUES (?)", "SELECT * FROM acct WHERE id = ?", "HELP 'select'");

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
            s.execute("INSERT INTO acct VALUES (1, 1), (2, 2)");
        }
    }

    @ParameterizedTest(name = "server-side prepared: {0}")
    @ValueSource(booleans = {false, true})
    void everyStatementGetsAnAnswerAndTheConnectionGoesOn(boolean prepared) throws SQLException {
        String url = tessera.jdbcUrl("TXDB") + "?sslMode=DISABLED&allowPublicKeyRetrieval=true&socketTimeout=10000"
                + (prepared ? "&useServerPrepStmts=true&emulateUnsupportedPstmts=false" : "");
        List<String> problems = new ArrayList<>();
        Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
        try {
            for (String sql : STATEMENTS) {
                try {
                    if (prepared) {
                        try (PreparedStatement ps = c.prepareStatement(sql)) {
                            ps.execute();
                        }
                    } else {
                        try (Statement s = c.createStatement()) {
                            s.execute(sql);
                        }
                    }
                } catch (SQLException e) {
                    if (String.valueOf(e.getMessage()).contains("internal error")) {
                        problems.add(sql + " -> " + e.getMessage());
                    }
                } catch (RuntimeException e) {
                    // Connector/J's own trouble closing a statement whose PREPARE was refused, not Tessera's
                }
                try {
                    if (!c.getAutoCommit()) {
                        c.setAutoCommit(true);
                    }
                    try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK");
                        s.execute("SET sql_select_limit = DEFAULT"); // some statements set it to 0
                    }
                    if (Rows.fetchAll(c, "SELECT 1").size() != 1) {
                        problems.add(sql + " -> SELECT 1 afterwards did not give one row");
                    }
                } catch (SQLException e) {
                    problems.add(sql + " -> the connection did not go on: " + e.getMessage());
                    closeQuietly(c);
                    c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                }
            }
        } finally {
            closeQuietly(c);
        }
        assertThat(problems).isEmpty();
    }

    /** Connector/J fails closing a statement whose PREPARE was refused, once more when the connection closes. */
    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            // the driver's, not Tessera's
        }
    }
}
