package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Sorts rows in memory, within the statement's merge memory budget: for an order the data nodes cannot give, such as
 * merged groups ordered by an aggregate.
 */
public record Sort(List<SortKey> keys, PlanNode input) implements MergeStep {

    public Sort {
        keys = MergeStep.ordering(keys);
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Sort " + keys;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitSort(this);
    }
}
