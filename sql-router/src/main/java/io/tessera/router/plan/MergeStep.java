package io.tessera.router.plan;

import java.util.List;

/** A plan node above the route: it takes the rows of exactly one input and passes rows on. */
public sealed interface MergeStep extends PlanNode
        permits Concat, OrderedMerge, Aggregate, Filter, Sort, Distinct, Limit, Project {

    PlanNode input();

    @Override
    default List<PlanNode> inputs() {
        return List.of(input());
    }

    @Override
    default Route route() {
        return input().route();
    }

    /** The keys of a step that orders rows, checked: an order needs at least one key. */
    static List<SortKey> ordering(List<SortKey> keys) {
        List<SortKey> copy = List.copyOf(keys);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("keys: [] (expected: at least one sort key)");
        }
        return copy;
    }
}
