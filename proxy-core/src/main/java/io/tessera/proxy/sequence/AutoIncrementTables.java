package io.tessera.proxy.sequence;

import io.tessera.proxy.config.ChildTableConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables whose primary key a sequence fills ({@code autoIncrement="true"} with a {@code primaryKey} in
 * schema.xml, ER child tables included), and that key, by schema and table name in any case.
 */
public final class AutoIncrementTables {

    private final Map<String, String> keys;

    private AutoIncrementTables(Map<String, String> keys) {
        this.keys = Map.copyOf(keys);
    }

    public static AutoIncrementTables of(Collection<SchemaConfig> schemas) {
        Map<String, String> keys = new HashMap<>();
        for (SchemaConfig schema : schemas) {
            for (TableConfig table : schema.tables().values()) {
                if (table.autoIncrement() && table.primaryKey() != null) {
                    keys.put(key(schema.name(), table.name()), table.primaryKey());
                }
                addChildren(keys, schema.name(), table.childTables());
            }
        }
        return new AutoIncrementTables(keys);
    }

    private static void addChildren(Map<String, String> keys, String schema, List<ChildTableConfig> children) {
        for (ChildTableConfig child : children) {
            if (child.autoIncrement() && child.primaryKey() != null) {
                keys.put(key(schema, child.name()), child.primaryKey());
            }
            addChildren(keys, schema, child.childTables());
        }
    }

    /** Whether no table has its primary key filled: most configurations, whose INSERTs need no look-up. */
    public boolean isEmpty() {
        return keys.isEmpty();
    }

    /** The primary key a sequence fills in {@code schema.table}, or {@code null} when none does. */
    public String keyOf(String schema, String table) {
        return schema == null ? null : keys.get(key(schema, table));
    }

    private static String key(String schema, String table) {
        return schema.toUpperCase(Locale.ROOT) + '.' + table.toUpperCase(Locale.ROOT);
    }
}
