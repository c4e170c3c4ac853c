package io.tessera.router.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SystemCatalogTest {

    private final SqlParser parser = new SqlParser();

    @ParameterizedTest
    @ValueSource(strings = {"SELECT * FROM information_schema.TABLES", "SELECT WORD FROM information_schema.KEYWORDS",
            "SELECT * FROM information_schema.triggers", "SELECT COUNT(*) FROM information_schema.ENGINES",
            "SELECT * FROM information_schema.ROUTINES", "SELECT * FROM information_schema.EVENTS",
            "SELECT * FROM information_schema.PARAMETERS", "SELECT * FROM information_schema.check_constraints",
            "SELECT * FROM INFORMATION_SCHEMA.COLLATIONS c JOIN information_schema.CHARACTER_SETS s"
                    + " ON s.CHARACTER_SET_NAME = c.CHARACTER_SET_NAME",
            "SELECT * FROM orders", "SELECT 1", "SHOW ENGINES", "SHOW CHARSET", "SHOW COLLATION", "SHOW PLUGINS",
            "SHOW PRIVILEGES"})
    void passesWhatHoldsNoPhysicalNames(String sql) {
        assertThat(SystemCatalog.refusal(parser.parse(sql))).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT * FROM information_schema.FILES",
            "SELECT 1 FROM dual WHERE EXISTS (SELECT 1 FROM information_schema.files)",
            "SELECT * FROM information_schema.INNODB_TABLES", "SELECT * FROM information_schema.no_such_table"})
    void refusesAnyOtherInformationSchemaTableByName(String sql) {
        assertThat(SystemCatalog.refusal(parser.parse(sql))).startsWith("information_schema.")
                .contains("is not answered through Tessera", "physical database names");
    }

    @Test
    void refusesPartitionsWhichNoLogicalTableHasAsOne() {
        assertThat(SystemCatalog.refusal(parser.parse("SELECT 1 FROM dual WHERE EXISTS (SELECT 1 FROM"
                + " information_schema.partitions)"))).startsWith("information_schema.PARTITIONS is not answered")
                .contains("each data node's own");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHOW MASTER STATUS", "SHOW BINARY LOGS", "SHOW OPEN TABLES", "SHOW ENGINE INNODB STATUS",
            "SHOW ERRORS"})
    void refusesAnyOtherShowOfTheDataHost(String sql) {
        assertThat(SystemCatalog.refusal(parser.parse(sql))).contains("not answered through Tessera");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHOW PROCEDURE STATUS WHERE Db = 'TESTDB'", "SHOW FUNCTION STATUS LIKE 'f%'",
            "SHOW FULL TRIGGERS FROM `TESTDB`", "SHOW TRIGGERS LIKE 'orders'", "SHOW EVENTS FROM TESTDB",
            "SHOW CREATE PROCEDURE p", "SHOW CREATE FUNCTION TESTDB.f", "SHOW CREATE TRIGGER t", "SHOW CREATE VIEW v",
            "SHOW CREATE EVENT e"})
    void storedObjectListsAreTesserasOwn(String sql) {
        assertThat(parser.parse(sql).type()).isEqualTo(StatementType.SHOW_OBJECTS);
    }

    @Test
    void readsWhatAStoredObjectListAsks() {
        assertThat(ShowObjects.of(parser.parse("SHOW PROCEDURE STATUS WHERE Db = 'TESTDB'")))
                .isEqualTo(new ShowObjects(ShowObjects.Kind.PROCEDURE, null, null, "Db = 'TESTDB'"));
        assertThat(ShowObjects.of(parser.parse("SHOW FUNCTION STATUS LIKE 'f%'")))
                .isEqualTo(new ShowObjects(ShowObjects.Kind.FUNCTION, null, "f%", null));
        assertThat(ShowObjects.of(parser.parse("SHOW FULL TRIGGERS FROM `TESTDB` LIKE 'orders'")))
                .isEqualTo(new ShowObjects(ShowObjects.Kind.TRIGGERS, "TESTDB", "orders", null));
        assertThat(ShowObjects.of(parser.parse("SHOW EVENTS FROM TESTDB")))
                .isEqualTo(new ShowObjects(ShowObjects.Kind.EVENTS, "TESTDB", null, null));
    }

    @Test
    void readsWhichObjectAShowCreateNames() {
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE PROCEDURE p")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.PROCEDURE, null, "p"));
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE FUNCTION `TESTDB`.`f``1`")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.FUNCTION, "TESTDB", "f`1"));
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE TRIGGER TESTDB.orders_bi")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.TRIGGER, "TESTDB", "orders_bi"));
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE VIEW `v`")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.VIEW, null, "v"));
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE EVENT e")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.EVENT, null, "e"));
        assertThat(ShowCreate.of(parser.parse("SHOW CREATE TABLE TESTDB.v")))
                .isEqualTo(new ShowCreate(ShowCreate.Kind.TABLE, "TESTDB", "v"));
        assertThat(ShowCreate.of(parser.parse("SHOW TRIGGERS"))).isNull();
    }
}
