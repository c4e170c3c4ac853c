package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Interleaves the data nodes' rows, which each node already sorted by {@code keys} (the router put the same ORDER
 * BY into every node's SQL): a k-way merge that holds one row per node.
 */
public record OrderedMerge(List<SortKey> keys, Route input) implements MergeStep {

    public OrderedMerge {
        keys = MergeStep.ordering(keys);
        Objects.requireNonNull(input, "input");
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
