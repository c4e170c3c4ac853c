package io.tessera.proxy.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.PrivilegesConfig.DataNodePrivilege;
import io.tessera.proxy.config.PrivilegesConfig.Dml;
import io.tessera.proxy.config.PrivilegesConfig.SchemaPrivilege;
import io.tessera.proxy.config.PrivilegesConfig.TablePrivilege;
import io.tessera.proxy.config.UserConfig;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementAccess;
import io.tessera.router.parse.TableAccess.Operation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatementRightsTest {

    private static final SqlParser PARSER = new SqlParser();
    private static final Dml SELECT_UPDATE = new Dml(false, true, true, false);
    private static final Dml NOTHING = new Dml(false, false, false, false);
    private static final Dml ALL = new Dml(true, true, true, true);

    private static final UserConfig FREE = user("free", false, PrivilegesConfig.NONE);
    private static final UserConfig READER = user("reader", true, PrivilegesConfig.NONE);
    private static final UserConfig MASKED = user("masked", false, new PrivilegesConfig(true,
            Map.of("TESTDB", new SchemaPrivilege("TESTDB", SELECT_UPDATE, Map.of(
                    "secret", new TablePrivilege("secret", NOTHING),
                    "orders", new TablePrivilege("orders", ALL)))),
            Map.of("dn2", new DataNodePrivilege("dn2", new Dml(false, false, true, false)))));
    /** A {@code <privileges check="false">}: its masks are written but not applied, as in MyCat. */
    private static final UserConfig UNCHECKED = user("unchecked", false, new PrivilegesConfig(false,
            Map.of("TESTDB", new SchemaPrivilege("TESTDB", NOTHING, Map.of())), Map.of()));

    private static UserConfig user(String name, boolean readOnly, PrivilegesConfig privileges) {
        return new UserConfig(name, name, List.of("TESTDB"), "TESTDB", readOnly, 0, false, false, privileges, false);
    }

    private static StatementAccess check(UserConfig user, String sql) {
        return StatementRights.check(user, "10.0.0.7", PARSER.parse(sql), "TESTDB", false);
    }

    private static void refused(UserConfig user, String sql, int code, String message) {
        assertThatThrownBy(() -> check(user, sql)).as(sql)
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(code);
                    assertThat(e.getMessage()).isEqualTo(message);
                });
    }

    @Test
    void usersWithoutReadOnlyOrCheckedPrivilegesAreNotChecked() {
        assertThat(StatementRights.restricts(FREE)).isFalse();
        assertThat(StatementRights.restricts(UNCHECKED)).isFalse();
        assertThat(check(FREE, "DROP TABLE secret")).isNull();
        assertThat(check(UNCHECKED, "DELETE FROM notes")).isNull();
        assertThat(StatementRights.restricts(READER)).isTrue();
        assertThat(StatementRights.restricts(MASKED)).isTrue();
    }

    @Test
    void aReadOnlyUserReadsButChangesNothingAndMayExplainAChange() {
        assertThatCode(() -> check(READER, "SELECT * FROM notes FOR UPDATE")).doesNotThrowAnyException();
        assertThatCode(() -> StatementRights.check(READER, "h", PARSER.parse("DELETE FROM notes"), "TESTDB", true))
                .doesNotThrowAnyException();
        refused(READER, "delete from notes", 1495,
                "User readonly: user 'reader' may only read (readOnly in server.xml), DELETE refused");
        refused(READER, "  CALL bump()", 1495,
                "User readonly: user 'reader' may only read (readOnly in server.xml), CALL refused");
    }

    @Test
    void aTableWithoutItsOwnMaskHasItsSchemasAndAnotherSchemaIsFree() {
        assertThatCode(() -> check(MASKED, "UPDATE notes SET v = 1")).doesNotThrowAnyException();
        refused(MASKED, "INSERT INTO notes VALUES (1)", 1142,
                "INSERT command denied to user 'masked'@'10.0.0.7' for table 'TESTDB.notes'");
        assertThatCode(() -> check(MASKED, "DELETE FROM OTHERDB.t")).doesNotThrowAnyException();
    }

    @Test
    void everyTableOfAStatementIsCheckedAndNamesCompareWithoutCase() {
        refused(MASKED, "SELECT * FROM notes n JOIN SECRET s ON n.id = s.id", 1142,
                "SELECT command denied to user 'masked'@'10.0.0.7' for table 'TESTDB.SECRET'");
        refused(MASKED, "SELECT * FROM testdb.secret", 1142,
                "SELECT command denied to user 'masked'@'10.0.0.7' for table 'testdb.secret'");
    }

    @Test
    void aSchemaChangeNeedsAllFourRights() {
        refused(MASKED, "ALTER TABLE notes ADD COLUMN w INT", 1142,
                "ALTER command denied to user 'masked'@'10.0.0.7' for table 'TESTDB.notes'");
        assertThatCode(() -> check(MASKED, "ALTER TABLE orders ADD COLUMN w INT")).doesNotThrowAnyException();
    }

    @Test
    void everyUserIsKeptToItsSchemasAndAwayFromTheDataHostsOwnDatabases() {
        assertThatCode(() -> StatementRights.checkSchemas(FREE, "h", PARSER.parse("SELECT * FROM testdb.t JOIN u")))
                .doesNotThrowAnyException();
        assertThatCode(() -> StatementRights.checkSchemas(FREE, "h",
                PARSER.parse("SELECT * FROM information_schema.COLUMNS"))).doesNotThrowAnyException();
        for (String sql : List.of("SELECT * FROM OTHERDB.t", "SELECT * FROM mysql.user", "DELETE FROM sys.x",
                "SELECT * FROM information_schema.user_privileges", "SELECT * FROM t JOIN db2.t2 ON t.id = t2.id")) {
            assertThatThrownBy(() -> StatementRights.checkSchemas(FREE, "h", PARSER.parse(sql))).as(sql)
                    .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1142));
        }
        assertThatThrownBy(() -> StatementRights.checkSchemas(FREE, "h", PARSER.parse("SELECT * FROM mysql.user")))
                .hasMessage("SELECT command denied to user 'free'@'h' for table 'mysql.user'");
    }

    @Test
    void aCachedPlanRemembersTheSchemasItsStatementNames() {
        assertThat(StatementRights.qualifiers(PARSER.parse("SELECT * FROM a JOIN OTHERDB.b JOIN otherdb.c"
                + " JOIN information_schema.TABLES"))).containsExactly("OTHERDB", "otherdb");
        assertThat(StatementRights.mayUseAll(FREE, List.of("testdb"))).isTrue();
        assertThat(StatementRights.mayUseAll(FREE, List.of("TESTDB", "OTHERDB"))).isFalse();
        assertThat(StatementRights.mayUseAll(null, List.of())).isTrue();
    }

    @Test
    void aDataNodeMaskAppliesToTheStatementsOperationOnThatNode() {
        StatementAccess update = check(MASKED, "UPDATE orders SET v = 1");
        assertThat(update.operation()).isEqualTo(Operation.UPDATE);
        assertThatCode(() -> StatementRights.checkDataNodes(MASKED, "h", Operation.UPDATE, List.of("dn1")))
                .doesNotThrowAnyException();
        assertThatCode(() -> StatementRights.checkDataNodes(MASKED, "h", Operation.SELECT, List.of("dn1", "dn2")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> StatementRights.checkDataNodes(MASKED, "h", Operation.UPDATE, List.of("dn1", "dn2")))
                .hasMessage("UPDATE command denied to user 'masked'@'h' on data node 'dn2'");
        assertThatCode(() -> StatementRights.checkDataNodes(MASKED, "h", null, List.of("dn2")))
                .doesNotThrowAnyException();
    }
}
