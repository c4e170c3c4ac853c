package io.tessera.router.plan;

import java.util.List;
import java.util.Objects;

/**
 * Drops rows equal to the previous one on {@code keys}. The input arrives sorted by them, so duplicates are adjacent.
 */
public record Distinct(List<SortKey> keys, PlanNode input) implements MergeStep {

    public Distinct {
        keys = List.copyOf(keys);
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Distinct " + keys;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitDistinct(this);
    }
}
