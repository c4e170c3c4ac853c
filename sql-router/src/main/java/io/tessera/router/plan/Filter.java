package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Keeps the rows for which {@code predicate} is true: HAVING, applied after the groups are merged.
 */
public record Filter(Predicate predicate, PlanNode input) implements PlanNode {

    public Filter {
        Objects.requireNonNull(predicate, "predicate");
        Objects.requireNonNull(input, "input");
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
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
