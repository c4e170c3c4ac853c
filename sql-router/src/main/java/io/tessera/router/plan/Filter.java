package io.tessera.router.plan;

import java.util.Objects;

/**
 * Keeps the rows for which {@code predicate} is true: HAVING, applied after the groups are merged.
 */
public record Filter(Predicate predicate, PlanNode input) implements MergeStep {

    public Filter {
        Objects.requireNonNull(predicate, "predicate");
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Filter " + predicate;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitFilter(this);
    }
}
