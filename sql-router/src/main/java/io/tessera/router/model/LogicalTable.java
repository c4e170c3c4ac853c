package io.tessera.router.model;

import java.util.List;
import java.util.Objects;

/** A logical table: its name as configured and the data nodes that hold it, in configuration order. */
public record LogicalTable(String name, TableKind kind, List<String> dataNodes) {

    public LogicalTable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        dataNodes = List.copyOf(dataNodes);
        if (dataNodes.isEmpty()) {
            throw new IllegalArgumentException("dataNodes of " + name + ": [] (expected: at least one)");
        }
    }
}
