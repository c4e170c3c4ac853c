package io.tessera.router.wall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlFirewallTest {

    private static final SqlFirewall DEFAULTS = new SqlFirewall(Map.of());

    private static Optional<WallViolation> check(SqlFirewall firewall, String sql) {
        return firewall.check(sql, true);
    }

    @Test
    void refusesWhatThePropertiesForbidAndLetsTheRestRun() {
        SqlFirewall firewall = new SqlFirewall(Map.of("deleteWhereNoneCheck", "true"));

        assertThat(check(firewall, "DELETE FROM t")).contains(
                new WallViolation(2104, "delete none condition not allow", null, false));
        assertThat(check(firewall, "DELETE FROM t WHERE id = 1")).isEmpty();
        assertThat(check(DEFAULTS, "DELETE FROM t")).isEmpty(); // Druid's default: deleteWhereNoneCheck false
    }

    @Test
    void appliesDruidsDefaultsToWhatTheBlacklistDoesNotSet() {
        assertThat(check(DEFAULTS, "SELECT * FROM t WHERE id = 1 OR 1 = 1")).get()
                .extracting(WallViolation::code, WallViolation::message)
                .containsExactly(2100, "select alway true condition not allow");
        assertThat(check(DEFAULTS, "SELECT 1; SELECT 2")).get().extracting(WallViolation::describe)
                .isEqualTo("multi-statement not allow (Druid wall 2201, multiStatementAllow)");
        assertThat(check(DEFAULTS, "SELECT * FROM t LIMIT 0")).get().extracting(WallViolation::code)
                .isEqualTo(2200);
        assertThat(check(DEFAULTS, "KILL 5")).get().extracting(WallViolation::property)
                .isEqualTo("noneBaseStatementAllow");
    }

    /** Druid answers a text it refused before from its black list, without statements: MyCat then let it pass. */
    @Test
    void aTextRefusedOnceIsRefusedEveryTime() {
        SqlFirewall firewall = new SqlFirewall(Map.of("deleteWhereNoneCheck", "true"));

        for (int i = 0; i < 3; i++) {
            assertThat(check(firewall, "DELETE FROM t")).as("attempt %d", i).isPresent();
            assertThat(check(firewall, "delete from t")).as("attempt %d", i).isPresent(); // the same shape
        }
    }

    @Test
    void readsAnExecutableCommentAsTheDataNodeRunsIt() {
        // Druid's wall alone reads the comment as a hint it cannot place, and MyCat let such text through
        assertThat(check(DEFAULTS, "DELETE FROM t WHERE id = 1 /*! OR 1 = 1 */")).get()
                .extracting(WallViolation::code, WallViolation::syntaxError).containsExactly(2100, false);
        assertThat(check(DEFAULTS, "DELETE FROM t WHERE id = 1 /*!50000 OR 1 = 1 */")).get()
                .extracting(WallViolation::code).isEqualTo(2100);
    }

    @Test
    void readsStringsAsTheSessionsSqlModeDoes() {
        String sql = "DELETE FROM t WHERE name = 'a\\' OR 1 = 1 OR name = 'b'";
        // default mode: one string "a' OR 1 = 1 OR name = " then b'...: not what MySQL runs under NO_BACKSLASH_ESCAPES
        assertThat(new SqlFirewall(Map.of()).check(sql, false)).get().extracting(WallViolation::code)
                .isEqualTo(2100);
        String harmless = "DELETE FROM t WHERE name = 'a\\' OR 1 = 1 -- '";
        assertThat(new SqlFirewall(Map.of()).check(harmless, true)).isEmpty(); // one string in the default mode
        assertThat(new SqlFirewall(Map.of()).check(harmless, false)).isPresent(); // a tautology under the mode
    }

    @Test
    void aStatementTheWallCannotReadIsASyntaxErrorUnlessStrictSyntaxCheckIsOff() {
        assertThat(check(DEFAULTS, "SELECT FROM WHERE")).get()
                .extracting(WallViolation::syntaxError, WallViolation::property).containsExactly(true,
                        "strictSyntaxCheck");
        assertThat(check(new SqlFirewall(Map.of("strictSyntaxCheck", "false")), "SELECT FROM WHERE")).isEmpty();
    }

    /** What clients, drivers and MyCat hints send, with the DDL and transaction statements allowed. */
    @ParameterizedTest
    @ValueSource(strings = {
            "/* mysql-connector-j-9.1.0 (Revision: x) */SELECT @@session.auto_increment_increment AS"
                    + " auto_increment_increment, @@character_set_client AS character_set_client",
            "SET NAMES utf8mb4", "SET character_set_results = NULL", "SET autocommit=1",
            "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", "SELECT @@version_comment LIMIT 1",
            "SHOW WARNINGS", "SHOW DATABASES", "SHOW FULL TABLES WHERE Table_type != 'VIEW'", "USE TESTDB",
            "SELECT DATABASE()", "SELECT LAST_INSERT_ID()", "BEGIN", "START TRANSACTION", "COMMIT", "ROLLBACK",
            "KILL QUERY 12", "XA START 'x'", "SELECT * FROM t WHERE id = 1 FOR UPDATE",
            "/*!mycat:schema=TESTDB*/ SELECT * FROM t", "/*#mycat:db_type=master*/ SELECT * FROM t",
            "/*!40101 SET NAMES utf8 */", "INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')",
            "UPDATE t SET name = 'x' WHERE id = 3", "CREATE TABLE t2 (id INT PRIMARY KEY)"})
    void letsEverydayStatementsRun(String sql) {
        assertThat(check(new SqlFirewall(Map.of("noneBaseStatementAllow", "true")), sql)).isEmpty();
    }

    /** The property named in the message is the one that governs the rule: each is set here and broken. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "selectAllow=false | SELECT 1",
            "selectIntoAllow=false | SELECT id INTO @a FROM t WHERE id = 1",
            "insertAllow=false | INSERT INTO t VALUES (1)",
            "deleteAllow=false | DELETE FROM t WHERE id = 1",
            "updateAllow=false | UPDATE t SET a = 1 WHERE id = 1",
            "replaceAllow=false | REPLACE INTO t VALUES (1)",
            "truncateAllow=false | TRUNCATE TABLE t",
            "createTableAllow=false | CREATE TABLE t (id INT)",
            "alterTableAllow=false | ALTER TABLE t ADD COLUMN c INT",
            "dropTableAllow=false | DROP TABLE t",
            "commentAllow=false | SELECT * FROM t WHERE id = 1 /* OR 1 = 1 */",
            "renameTableAllow=false | RENAME TABLE t TO u",
            "lockTableAllow=false | LOCK TABLES t WRITE",
            "setAllow=false | SET @a = 1",
            "describeAllow=false | DESC t",
            "showAllow=false | SHOW TABLES",
            "useAllow=false | USE TESTDB",
            "callAllow=false | CALL p()",
            "commitAllow=false | COMMIT",
            "rollbackAllow=false | ROLLBACK",
            "startTransactionAllow=false | START TRANSACTION",
            "noneBaseStatementAllow=false | FLUSH TABLES",
            "multiStatementAllow=false | SELECT 1; SELECT 2",
            "selectIntoOutfileAllow=false | SELECT * FROM t UNION SELECT 1 INTO OUTFILE '/tmp/x'"})
    void namesThePropertyThatGovernsTheBrokenRule(String setting, String sql) {
        String[] nameValue = setting.split("=");
        SqlFirewall firewall = new SqlFirewall(Map.of(nameValue[0], nameValue[1]));

        assertThat(check(firewall, sql)).get().extracting(WallViolation::property).isEqualTo(nameValue[0]);
    }
}
