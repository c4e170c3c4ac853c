package io.tessera.router.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VirtualTablesTest {

    private static final Map<String, String> DERIVED = Map.of(
            VirtualTables.SCHEMATA, "SELECT 'TESTDB' AS SCHEMA_NAME",
            VirtualTables.PROCESSLIST, "SELECT 7 AS ID");

    private final SqlParser parser = new SqlParser();

    @Test
    void findsSchemataAndProcessListInAnyCaseAndPlace() {
        assertThat(VirtualTables.named(parser.parse("select schema_name from information_schema.schemata")))
                .containsExactly(VirtualTables.SCHEMATA);
        assertThat(VirtualTables.named(parser.parse("SELECT * FROM INFORMATION_SCHEMA.`PROCESSLIST` p WHERE EXISTS"
                + " (SELECT 1 FROM information_schema.SCHEMATA s WHERE s.SCHEMA_NAME = p.DB)")))
                .containsExactly(VirtualTables.PROCESSLIST, VirtualTables.SCHEMATA);
    }

    @Test
    void findsTheLogicalCatalogsTables() {
        assertThat(VirtualTables.named(parser.parse("SELECT c.COLUMN_NAME FROM information_schema.`tables` t JOIN"
                + " INFORMATION_SCHEMA.Columns c ON c.TABLE_NAME = t.TABLE_NAME WHERE EXISTS (SELECT 1 FROM"
                + " information_schema.STATISTICS s WHERE s.TABLE_NAME = t.TABLE_NAME)")))
                .containsExactly(VirtualTables.TABLES, VirtualTables.COLUMNS, VirtualTables.STATISTICS);
        assertThat(VirtualTables.named(parser.parse("SELECT * FROM information_schema.KEY_COLUMN_USAGE k JOIN"
                + " information_schema.referential_constraints r ON r.CONSTRAINT_NAME = k.CONSTRAINT_NAME")))
                .containsExactly(VirtualTables.KEY_COLUMN_USAGE, VirtualTables.REFERENTIAL_CONSTRAINTS);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * FROM information_schema.PARTITIONS",
        "SELECT * FROM schemata",
        "SELECT * FROM TESTDB.COLUMNS",
        "SELECT * FROM TESTDB.schemata",
        "SELECT 1",
        "SHOW PROCESSLIST",
    })
    void otherTablesAreNotVirtual(String sql) {
        assertThat(VirtualTables.named(parser.parse(sql))).isEmpty();
    }

    @Test
    void aLongStatementParsedWithoutItsSelectListIsWrittenWhole() {
        String padding = "'" + "x".repeat(5000) + "'";
        ParsedStatement statement = parser.parse("SELECT SCHEMA_NAME, " + padding + " AS pad FROM"
                + " information_schema.SCHEMATA");
        assertThat(statement.abridged()).isTrue();

        assertThat(VirtualTables.named(statement)).containsExactly(VirtualTables.SCHEMATA);
        String sql = VirtualTables.withDerivedTables(statement, DERIVED).replaceAll("\\s+", " ");
        assertThat(sql).startsWith("SELECT SCHEMA_NAME").contains(padding) // the select list is there
                .endsWith(" AS pad FROM (SELECT 'TESTDB' AS SCHEMA_NAME) `SCHEMATA`");
    }

    @Test
    void namesOtherTablesOnlyWhenALogicalTableIsRead() {
        assertThat(VirtualTables.namesOtherTables(parser.parse("SELECT * FROM information_schema.SCHEMATA s JOIN"
                + " information_schema.TABLES t ON t.TABLE_SCHEMA = s.SCHEMA_NAME"))).isFalse();
        assertThat(VirtualTables.namesOtherTables(parser.parse("SELECT * FROM information_schema.SCHEMATA s JOIN"
                + " orders o ON o.name = s.SCHEMA_NAME"))).isTrue();
        assertThat(VirtualTables.namesOtherTables(parser.parse("SELECT * FROM information_schema.SCHEMATA WHERE"
                + " SCHEMA_NAME IN (SELECT name FROM TESTDB.company)"))).isTrue();
    }

    @Test
    void replacesEachByItsDerivedTableKeepingTheNameColumnsAreQualifiedWith() {
        String sql = VirtualTables.withDerivedTables(parser.parse("SELECT schemata.SCHEMA_NAME FROM"
                + " information_schema.schemata WHERE schemata.SCHEMA_NAME LIKE 'T%' ORDER BY 1"), DERIVED);

        assertThat(sql.replaceAll("\\s+", " ")).isEqualTo("SELECT schemata.SCHEMA_NAME FROM (SELECT 'TESTDB' AS"
                + " SCHEMA_NAME) `schemata` WHERE schemata.SCHEMA_NAME LIKE 'T%' ORDER BY 1");
    }

    @Test
    void keepsTheStatementsAliasAndReplacesInJoinsAndSubqueries() {
        String sql = VirtualTables.withDerivedTables(parser.parse("SELECT p.ID FROM information_schema.PROCESSLIST p"
                + " JOIN information_schema.SCHEMATA AS s ON s.SCHEMA_NAME = p.DB WHERE p.ID IN (SELECT ID FROM"
                + " information_schema.processlist)"), DERIVED);

        assertThat(sql.replaceAll("\\s+", " ")).isEqualTo("SELECT p.ID FROM (SELECT 7 AS ID) p JOIN (SELECT"
                + " 'TESTDB' AS SCHEMA_NAME) s ON s.SCHEMA_NAME = p.DB WHERE p.ID IN ( SELECT ID FROM (SELECT 7 AS"
                + " ID) `processlist` )");
    }
}
