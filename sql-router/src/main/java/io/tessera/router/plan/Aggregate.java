package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Combines the per-node rows of each group into one. The input arrives sorted by {@code groupKeys}, so a group's
 * rows are adjacent and the operator holds one group at a time; without keys every row is one group (aggregates over
 * the whole table: one row per node). Columns without an aggregate keep the group's first value.
 */
public record Aggregate(List<SortKey> groupKeys, List<AggregateColumn> aggregates, PlanNode input) implements MergeStep {

    public Aggregate {
        groupKeys = List.copyOf(groupKeys);
        aggregates = List.copyOf(aggregates);
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Aggregate " + (groupKeys.isEmpty() ? "" : "by " + groupKeys + " ") + aggregates;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitAggregate(this);
    }
}
