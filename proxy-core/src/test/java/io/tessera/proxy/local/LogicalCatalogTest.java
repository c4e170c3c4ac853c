package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.QueryResult;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.function.SqlValue;
import io.tessera.router.local.VirtualTables;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The logical catalog's rows from what data nodes gave; reading them from real data nodes: InformationSchemaIT. */
class LogicalCatalogTest {

    /** The catalog never places a row: a function that places every row on the first node will do. */
    private static final ShardingFunction FIRST_NODE = new ShardingFunction() {
        @Override
        public int nodeCount() {
            return 2;
        }

        @Override
        public int nodeOf(SqlValue value) {
            return 0;
        }
    };
    private static final LogicalTable ORDERS = new LogicalTable("ORDERS", TableKind.SHARDED, List.of("dn1", "dn2"),
            new ShardingRule("id", FIRST_NODE), null);
    private static final LogicalTable COUNTRIES = new LogicalTable("countries", TableKind.GLOBAL,
            List.of("dn1", "dn2"));
    private static final LogicalSchema TESTDB = LogicalSchema.of("TESTDB", "dn3", List.of(ORDERS, COUNTRIES));

    private static final List<String> TABLE_COLUMNS = List.of("TABLE_CATALOG", "TABLE_SCHEMA", "TABLE_NAME",
            "TABLE_ROWS", "DATA_LENGTH", "ENGINE");

    @Test
    void readsTheDefaultNodeAndEachTablesFirstNodeAndForTablesEveryNodeOfASharded() {
        assertThat(LogicalCatalog.nodesToRead(List.of(TESTDB), false)).containsExactly("dn3", "dn1");
        assertThat(LogicalCatalog.nodesToRead(List.of(TESTDB), true)).containsExactly("dn3", "dn1", "dn2");
    }

    @Test
    void tablesListEachLogicalTableOnceUnderItsSchemaWithAShardedTablesRowsSummed() {
        Map<String, NodeCatalogRows> read = Map.of(
                "dn1", tables(row("db1", "orders", "10", "1000", "InnoDB"), row("db1", "countries", "5", "50", "Aria")),
                "dn2", tables(row("db2", "orders", "7", "700", "InnoDB"), row("db2", "countries", "5", "50", "Aria")),
                "dn3", tables(row("db3", "notes", "3", "30", "InnoDB"), row("db3", "ORDERS", "99", "99", "InnoDB")));

        List<List<Object>> rows = LogicalCatalog.rows(List.of(TESTDB), VirtualTables.TABLES,
                CatalogLayout.tables(false), read);

        CatalogLayout layout = CatalogLayout.tables(false);
        assertThat(rows).extracting(r -> Arrays.asList(r.get(1), r.get(2), r.get(layout.indexOf("TABLE_ROWS")),
                r.get(layout.indexOf("DATA_LENGTH")), r.get(layout.indexOf("ENGINE")))).containsExactly(
                        Arrays.asList("TESTDB", "countries", big(5), big(50), "Aria"), // a global table: one copy
                        Arrays.asList("TESTDB", "notes", big(3), big(30), "InnoDB"),  // the default node's own
                        Arrays.asList("TESTDB", "ORDERS", big(17), big(1700), "InnoDB"));
        assertThat(rows).allSatisfy(r -> assertThat(r).doesNotContain("db1", "db2", "db3"));
    }

    @Test
    void columnsAreTheFirstNodesInItsOrderAndALogicalTableMissingThereHasNone() {
        List<String> names = List.of("TABLE_SCHEMA", "TABLE_NAME", "COLUMN_NAME", "ORDINAL_POSITION", "COLUMN_TYPE");
        Map<String, NodeCatalogRows> read = Map.of(
                "dn1", NodeCatalogRows.of(result(names, List.of("db1", "orders", "id", "1", "bigint(20)"),
                        List.of("db1", "orders", "note", "2", "varchar(20)"))),
                "dn3", NodeCatalogRows.of(result(names)));

        List<List<Object>> rows = LogicalCatalog.rows(List.of(TESTDB), VirtualTables.COLUMNS,
                CatalogLayout.columns(false), read);

        CatalogLayout layout = CatalogLayout.columns(false);
        assertThat(rows).extracting(r -> Arrays.asList(r.get(layout.indexOf("TABLE_SCHEMA")),
                r.get(layout.indexOf("TABLE_NAME")), r.get(layout.indexOf("COLUMN_NAME")),
                r.get(layout.indexOf("ORDINAL_POSITION")), r.get(layout.indexOf("COLUMN_TYPE")),
                r.get(layout.indexOf("SRS_ID")))).containsExactly(
                        Arrays.asList("TESTDB", "ORDERS", "id", big(1), "bigint(20)", null),
                        Arrays.asList("TESTDB", "ORDERS", "note", big(2), "varchar(20)", null));
    }

    @Test
    void parametersAreTheSchemasFirstNodesUnderItsName() {
        List<String> names = List.of("SPECIFIC_SCHEMA", "SPECIFIC_NAME", "ORDINAL_POSITION", "PARAMETER_NAME");
        Map<String, NodeCatalogRows> read = Map.of("dn3", NodeCatalogRows.of(result(names,
                List.of("db3", "add_note", "1", "n"), List.of("db3", "add_note", "2", "b")), "SPECIFIC_NAME"));

        List<List<Object>> rows = LogicalCatalog.rows(List.of(TESTDB), VirtualTables.PARAMETERS,
                CatalogLayout.parameters(), read);

        CatalogLayout layout = CatalogLayout.parameters();
        assertThat(rows).extracting(r -> Arrays.asList(r.get(layout.indexOf("SPECIFIC_SCHEMA")),
                r.get(layout.indexOf("SPECIFIC_NAME")), r.get(layout.indexOf("ORDINAL_POSITION")),
                r.get(layout.indexOf("PARAMETER_NAME")))).containsExactly(
                        Arrays.asList("TESTDB", "add_note", big(1), "n"), Arrays.asList("TESTDB", "add_note", big(2),
                                "b"));
    }

    @Test
    void checkConstraintsAreEachTablesFirstNodesOnce() {
        List<String> names = List.of("CONSTRAINT_SCHEMA", "TABLE_NAME", "CONSTRAINT_NAME", "CHECK_CLAUSE");
        Map<String, NodeCatalogRows> read = Map.of(
                "dn1", NodeCatalogRows.of(result(names, List.of("db1", "orders", "positive", "`id` > 0"))),
                "dn3", NodeCatalogRows.of(result(names, List.of("db3", "notes", "short", "length(`body`) < 9"))));

        List<List<Object>> rows = LogicalCatalog.rows(List.of(TESTDB), VirtualTables.CHECK_CONSTRAINTS,
                CatalogLayout.checkConstraints(true), read);

        assertThat(rows).containsExactly(Arrays.asList(null, "TESTDB", "notes", "short", null, "length(`body`) < 9"),
                Arrays.asList(null, "TESTDB", "ORDERS", "positive", null, "`id` > 0"));
        assertThat(CatalogLayout.checkConstraints(false).indexOf("TABLE_NAME")).isEqualTo(-1);
    }

    private static NodeCatalogRows tables(List<String>... rows) {
        return NodeCatalogRows.of(result(TABLE_COLUMNS, rows));
    }

    private static List<String> row(String database, String table, String rows, String length, String engine) {
        return List.of("def", database, table, rows, length, engine);
    }

    @SafeVarargs
    private static QueryResult result(List<String> columns, List<String>... rows) {
        return new QueryResult(columns, List.of(rows), 0, 0, 0, 0);
    }

    private static BigInteger big(long value) {
        return BigInteger.valueOf(value);
    }
}
