package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Interleaves the data nodes' rows, which each node already sorted by {@code keys} (the router put the same ORDER
 * BY into every node's SQL): a k-way merge that holds one row per node.
 */
public record OrderedMerge(List<SortKey> keys, Route input) implements PlanNode {

    public OrderedMerge {
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("keys: [] (expected: at least one sort key)");
        }
        Objects.requireNonNull(input, "input");
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "OrderedMerge " + keys;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitOrderedMerge(this);
    }
}
