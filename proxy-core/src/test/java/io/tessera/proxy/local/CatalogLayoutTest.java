package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogLayoutTest {

    @Test
    void mysqlAndMariaDbHaveTheirOwnColumnsInTheirOrder() {
        assertThat(CatalogLayout.columns(false).select(List.of())).contains("AS `GENERATION_EXPRESSION`, CAST(NULL AS"
                + " UNSIGNED) AS `SRS_ID` FROM DUAL").doesNotContain("IS_GENERATED");
        assertThat(CatalogLayout.columns(true).select(List.of())).contains("AS `IS_GENERATED`, CAST(NULL AS CHAR"
                + " CHARACTER SET utf8mb4) AS `GENERATION_EXPRESSION` FROM DUAL").doesNotContain("SRS_ID");
        assertThat(CatalogLayout.statistics(false).indexOf("IS_VISIBLE")).isEqualTo(16);
        assertThat(CatalogLayout.statistics(true).indexOf("IGNORED")).isEqualTo(16);
        assertThat(CatalogLayout.tables(false).indexOf("TABLE_COMMENT")).isEqualTo(20);
        assertThat(CatalogLayout.tables(true).indexOf("TEMPORARY")).isEqualTo(22);
        assertThat(CatalogLayout.tableConstraints(false).indexOf("ENFORCED")).isEqualTo(6);
        assertThat(CatalogLayout.tableConstraints(true).indexOf("ENFORCED")).isEqualTo(-1);
    }

    @Test
    void aRowIsCopiedByNameWithTheLogicalSchemaForTheDatabaseAndNullForWhatTheNodeLacks() {
        Map<String, Integer> positions = Map.of("TABLE_SCHEMA", 0, "INDEX_SCHEMA", 1, "TABLE_NAME", 2,
                "INDEX_NAME", 3, "CARDINALITY", 4, "NON_UNIQUE", 5, "IGNORED", 6);
        List<Object> row = CatalogLayout.statistics(false).row(positions,
                Arrays.asList("db1", "db1", "orders", "PRIMARY", "18446744073709551615", "0", "NO"), "TESTDB",
                "ORDERS");

        CatalogLayout layout = CatalogLayout.statistics(false);
        assertThat(row).hasSize(18).doesNotContain("db1", "orders");
        assertThat(row.get(layout.indexOf("TABLE_SCHEMA"))).isEqualTo("TESTDB");
        assertThat(row.get(layout.indexOf("INDEX_SCHEMA"))).isEqualTo("TESTDB");
        assertThat(row.get(layout.indexOf("TABLE_NAME"))).isEqualTo("ORDERS");
        assertThat(row.get(layout.indexOf("CARDINALITY"))).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(row.get(layout.indexOf("NON_UNIQUE"))).isEqualTo(BigInteger.ZERO);
        assertThat(row.get(layout.indexOf("IS_VISIBLE"))).isNull(); // MariaDB's IGNORED is not MySQL's IS_VISIBLE
        assertThat(layout.select(List.of(row))).contains("CAST(18446744073709551615 AS SIGNED)",
                "CAST(X'5445535444" + "42' AS CHAR(64) CHARACTER SET utf8mb4) AS `INDEX_SCHEMA`");
    }

    @Test
    void aForeignKeysReferencedSchemaIsTheLogicalOneOnlyWhenItIsTheTablesOwnDatabase() {
        Map<String, Integer> positions = Map.of("CONSTRAINT_SCHEMA", 0, "TABLE_SCHEMA", 1, "TABLE_NAME", 2,
                "CONSTRAINT_NAME", 3, "REFERENCED_TABLE_SCHEMA", 4, "REFERENCED_TABLE_NAME", 5);
        CatalogLayout layout = CatalogLayout.keyColumnUsage();
        int referenced = layout.indexOf("REFERENCED_TABLE_SCHEMA");

        List<Object> same = layout.row(positions, List.of("db1", "db1", "items", "fk", "db1", "orders"), "TESTDB",
                "items");
        List<Object> other = layout.row(positions, List.of("db1", "db1", "items", "fk", "audit", "log"), "TESTDB",
                "items");
        List<Object> primary = layout.row(positions, Arrays.asList("db1", "db1", "items", "PRIMARY", null, null),
                "TESTDB", "items");

        assertThat(same.get(referenced)).isEqualTo("TESTDB");
        assertThat(same.get(layout.indexOf("CONSTRAINT_SCHEMA"))).isEqualTo("TESTDB");
        assertThat(other.get(referenced)).isNull();
        assertThat(other).doesNotContain("db1", "audit");
        assertThat(primary.get(referenced)).isNull();
    }

    @Test
    void aReferentialConstraintsUniqueConstraintSchemaIsTheLogicalOneWhenItIsItsOwnDatabase() {
        Map<String, Integer> positions = Map.of("CONSTRAINT_SCHEMA", 0, "UNIQUE_CONSTRAINT_SCHEMA", 1,
                "TABLE_NAME", 2, "DELETE_RULE", 3);
        CatalogLayout layout = CatalogLayout.referentialConstraints();

        List<Object> same = layout.row(positions, List.of("db1", "db1", "items", "CASCADE"), "TESTDB", "items");
        List<Object> other = layout.row(positions, List.of("db1", "audit", "items", "CASCADE"), "TESTDB", "items");

        assertThat(same).containsExactly(null, "TESTDB", null, null, "TESTDB", null, null, null, "CASCADE", "items",
                null);
        assertThat(other.get(layout.indexOf("UNIQUE_CONSTRAINT_SCHEMA"))).isNull();
    }

    @Test
    void aTriggerIsItsLogicalTablesUnderTheLogicalSchemaWithoutItsDefiner() {
        CatalogLayout layout = CatalogLayout.triggers();
        assertThat(layout.tableColumn()).isEqualTo("EVENT_OBJECT_TABLE");
        assertThat(layout.databaseColumn()).isEqualTo("EVENT_OBJECT_SCHEMA");
        Map<String, Integer> positions = Map.of("TRIGGER_SCHEMA", 0, "TRIGGER_NAME", 1, "EVENT_OBJECT_SCHEMA", 2,
                "EVENT_OBJECT_TABLE", 3, "DEFINER", 4, "ACTION_ORDER", 5);
        List<Object> row = layout.row(positions, List.of("db1", "audit", "db1", "ORDERS", "root@%", "1"), "TESTDB",
                "orders");
        assertThat(row.get(layout.indexOf("TRIGGER_SCHEMA"))).isEqualTo("TESTDB");
        assertThat(row.get(layout.indexOf("EVENT_OBJECT_SCHEMA"))).isEqualTo("TESTDB");
        assertThat(row.get(layout.indexOf("EVENT_OBJECT_TABLE"))).isEqualTo("orders");
        assertThat(row.get(layout.indexOf("TRIGGER_NAME"))).isEqualTo("audit");
        assertThat(row.get(layout.indexOf("DEFINER"))).isNull();
        assertThat(row.get(layout.indexOf("ACTION_ORDER"))).isEqualTo(BigInteger.ONE);
    }

    @Test
    void aDefinerIsNullButAViewsIsEmptyForMysqldump() {
        Map<String, Integer> positions = Map.of("TABLE_SCHEMA", 0, "TABLE_NAME", 1, "DEFINER", 2,
                "VIEW_DEFINITION", 3);
        List<Object> view = CatalogLayout.views(false).row(positions,
                Arrays.asList("db1", "v", "root@localhost", "select `db1`.`t`.`id` from `db1`.`t`"), "TESTDB", "v");
        assertThat(view.get(CatalogLayout.views(false).indexOf("DEFINER"))).isEqualTo("");
        assertThat(view.get(CatalogLayout.views(false).indexOf("VIEW_DEFINITION")))
                .isEqualTo("select `TESTDB`.`t`.`id` from `TESTDB`.`t`");
        List<Object> routine = CatalogLayout.routines().row(Map.of("ROUTINE_NAME", 0, "DEFINER", 1),
                Arrays.asList("p", "root@localhost"), "TESTDB", "p");
        assertThat(routine.get(CatalogLayout.routines().indexOf("DEFINER"))).isNull();
    }
}
