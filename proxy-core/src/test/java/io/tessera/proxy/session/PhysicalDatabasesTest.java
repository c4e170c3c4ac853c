package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PhysicalDatabasesTest {

    private final PhysicalDatabases databases = new PhysicalDatabases(
            Map.of("dn1", "db1", "dn2", "db2", "dn3", "db3", "dn10", "db10", "dn9", "orders_9"),
            Map.of("dn1", List.of("TESTDB"), "dn2", List.of("TESTDB"), "dn3", List.of("TESTDB", "OTHERDB"),
                    "dn10", List.of("BIGDB")));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Table 'db3.t_mod' doesn't exist|Table 'TESTDB.t_mod' doesn't exist",
        "Unknown database 'db1'|Unknown database 'TESTDB'",
        "Cannot add or update a child row: a foreign key constraint fails (`db2`.`child`, CONSTRAINT `fk` FOREIGN KEY"
                + " (`pid`) REFERENCES `parent` (`id`))|Cannot add or update a child row: a foreign key constraint"
                + " fails (`TESTDB`.`child`, CONSTRAINT `fk` FOREIGN KEY (`pid`) REFERENCES `parent` (`id`))",
        "FUNCTION db1.nope does not exist|FUNCTION TESTDB.nope does not exist",
        "SELECT command denied to user 'x'@'h' for table `db10`.`t`|SELECT command denied to user 'x'@'h' for"
                + " table `BIGDB`.`t`",
        "Table \"db1\".\"t\" doesn't exist|Table \"TESTDB\".\"t\" doesn't exist",
        "Unknown table 'DB1.t'|Unknown table 'TESTDB.t'",
    })
    void namesTheLogicalSchemaWhereADataHostNamesItsDatabase(String message, String logical) {
        assertThat(databases.hide(message, null)).isEqualTo(logical);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Duplicate entry 'db10x' for key 'PRIMARY'",
        "Unknown column 'xdb1.c' in 'field list'",
        "Access denied for user 'db1'@'127.0.0.1'",
        "Unknown column 'a.db1.c' in 'where clause'",
        "the value db1 is not a name here",
        "Table 't' already exists",
    })
    void leavesEverythingElseAsItIs(String message) {
        assertThat(databases.hide(message, null)).isSameAs(message);
    }

    @Test
    void aDatabaseOfSeveralSchemasIsTheCurrentSchemaWhenItIsOneOfThemElseTheFirst() {
        assertThat(databases.hide("Table 'db3.t' doesn't exist", "OTHERDB")).isEqualTo("Table 'OTHERDB.t' doesn't"
                + " exist");
        assertThat(databases.hide("Table 'db3.t' doesn't exist", "BIGDB")).isEqualTo("Table 'TESTDB.t' doesn't"
                + " exist");
    }

    @Test
    void aDatabaseOfNoSchemaIsNamedByItsDataNode() {
        assertThat(databases.hide("Table 'orders_9.t' doesn't exist", "TESTDB")).isEqualTo("Table 'dn9.t' doesn't"
                + " exist");
    }

    @Test
    void namesLongerOnesFirstAndEveryOccurrence() {
        assertThat(databases.hide("'db10.a' and 'db1.b' and `db1`.`c`", null))
                .isEqualTo("'BIGDB.a' and 'TESTDB.b' and `TESTDB`.`c`");
    }

    @Test
    void noDataNodesLeavesMessagesAlone() {
        assertThat(PhysicalDatabases.NONE.hide("Table 'db1.t' doesn't exist", null))
                .isEqualTo("Table 'db1.t' doesn't exist");
        assertThat(PhysicalDatabases.NONE.hide(null, null)).isNull();
    }
}
