package io.tessera.proxy.config;

import java.util.List;
import java.util.Objects;

/**
 * A schema.xml {@code <table>}. One element with a comma list of names (with or without
 * {@code splitTableNames="true"}) gives one TableConfig per name, and {@code nameSuffix} expands like MyCat.
 *
 * @param name the logical table name as written
 * @param dataNodes the data nodes, {@code $} ranges and comma lists expanded, in order; a rule's node index
 *     points into this list
 * @param rule the {@code <tableRule>} name; null when the table has none
 * @param type global, sharded or single-node
 * @param primaryKey primary key column; null when not set
 * @param autoIncrement fill the primary key from the global sequence
 * @param needAddLimit add {@code sqlMaxLimit} to this table's SELECTs
 * @param ruleRequired a statement the rule cannot route is an error
 * @param subTables tables inside each data node for MyCat's in-database sharding, {@code $} ranges expanded;
 *     empty when not set
 * @param childTables the ER child tables, in document order
 */
public record TableConfig(
        String name,
        List<String> dataNodes,
        String rule,
        TableType type,
        String primaryKey,
        boolean autoIncrement,
        boolean needAddLimit,
        boolean ruleRequired,
        List<String> subTables,
        List<ChildTableConfig> childTables) {

    public TableConfig {
        Objects.requireNonNull(name, "name");
        dataNodes = List.copyOf(dataNodes);
        Objects.requireNonNull(type, "type");
        subTables = List.copyOf(subTables);
        childTables = List.copyOf(childTables);
        if (dataNodes.isEmpty()) {
            throw new IllegalArgumentException("dataNodes: [] (expected: at least one)");
        }
        if ((type == TableType.SHARDED) != (rule != null)) {
            throw new IllegalArgumentException("rule: " + rule + " (expected: a rule exactly for SHARDED, not "
                    + type + ")");
        }
        if (type == TableType.SINGLE_NODE && dataNodes.size() != 1) {
            throw new IllegalArgumentException("dataNodes: " + dataNodes + " (expected: one for SINGLE_NODE)");
        }
    }
}
