package io.tessera.router.model;

import io.tessera.router.function.ShardingFunction;
import java.util.Objects;

/** How a sharded table places a row: the sharding column and the function applied to its value. */
public record ShardingRule(String column, ShardingFunction function) {

    public ShardingRule {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(function, "function");
        column = column.trim();
    }

    /** Whether {@code name} (as written in SQL, unquoted) is the sharding column; column names are case-blind. */
    public boolean isColumn(String name) {
        return column.equalsIgnoreCase(name);
    }
}
