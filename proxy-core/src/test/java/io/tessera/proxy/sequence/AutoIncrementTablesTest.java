package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.config.ChildTableConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.TableType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AutoIncrementTablesTest {

    private static TableConfig table(String name, String primaryKey, boolean autoIncrement,
            List<ChildTableConfig> children) {
        return new TableConfig(name, List.of("dn1", "dn2"), "mod2-id", TableType.SHARDED, primaryKey, autoIncrement,
                true, false, List.of(), children);
    }

    private static SchemaConfig schema(String name, TableConfig... tables) {
        Map<String, TableConfig> byName = new LinkedHashMap<>();
        for (TableConfig table : tables) {
            byName.put(SchemaConfig.key(table.name()), table);
        }
        return new SchemaConfig(name, true, -1, null, null, byName);
    }

    @Test
    void findsTheKeyOfEveryAutoIncrementTableAndChildTableWithoutRegardToCase() {
        ChildTableConfig grandchild = new ChildTableConfig("Line", "item_id", "id", "line_id", true, true, List.of());
        ChildTableConfig child = new ChildTableConfig("item", "order_id", "id", "id", false, true, List.of(grandchild));
        AutoIncrementTables tables = AutoIncrementTables.of(List.of(
                schema("TESTDB", table("Orders", "order_id", true, List.of(child)), table("plain", "id", false,
                        List.of())),
                schema("OTHER", table("orders", "id", true, List.of()))));

        assertThat(tables.isEmpty()).isFalse();
        assertThat(tables.keyOf("testdb", "ORDERS")).isEqualTo("order_id");
        assertThat(tables.keyOf("OTHER", "orders")).isEqualTo("id");
        assertThat(tables.keyOf("TESTDB", "line")).isEqualTo("line_id");
        assertThat(tables.keyOf("TESTDB", "item")).isNull();
        assertThat(tables.keyOf("TESTDB", "plain")).isNull();
        assertThat(tables.keyOf(null, "orders")).isNull();
    }

    @Test
    void anAutoIncrementTableWithoutAPrimaryKeyHasNothingFilled() {
        AutoIncrementTables tables = AutoIncrementTables.of(List.of(schema("TESTDB", table("t", null, true,
                List.of()))));
        assertThat(tables.isEmpty()).isTrue();
        assertThat(tables.keyOf("TESTDB", "t")).isNull();
    }
}
