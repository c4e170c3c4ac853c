package io.tessera.router.model;

import java.util.List;
import java.util.Objects;

/**
 * A logical table: its name as configured and the data nodes that hold it, in configuration order (a rule's node
 * index i is {@code dataNodes.get(i)}).
 *
 * @param rule how rows are placed, for {@link TableKind#SHARDED} tables; {@code null} otherwise
 * @param parent for an ER child table, its link to the parent; {@code null} otherwise. A child shares its root
 *     table's data nodes and rule.
 * @param needAddLimit whether the schema's {@code sqlMaxLimit} applies to SELECTs over several of its nodes
 */
public record LogicalTable(String name, TableKind kind, List<String> dataNodes, ShardingRule rule, ErParent parent,
        boolean needAddLimit) {

    public LogicalTable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        dataNodes = List.copyOf(dataNodes);
        if (dataNodes.isEmpty()) {
            throw new IllegalArgumentException("dataNodes of " + name + ": [] (expected: at least one)");
        }
        if (kind == TableKind.SHARDED && dataNodes.size() > 1 && rule == null && parent == null) {
            throw new IllegalArgumentException("rule of " + name + ": none (expected: a rule for a sharded table)");
        }
    }

    public LogicalTable(String name, TableKind kind, List<String> dataNodes, ShardingRule rule, ErParent parent) {
        this(name, kind, dataNodes, rule, parent, true);
    }

    /** A table without a rule or parent: single-node or global. */
    public LogicalTable(String name, TableKind kind, List<String> dataNodes) {
        this(name, kind, dataNodes, null, null);
    }
}
