package io.tessera.router.plan;

import java.util.Objects;

/**
 * Drops the last {@code hiddenColumns} columns, which the router added to the data nodes' select list for the merge
 * (sort keys, weights, the SUM and COUNT behind an AVG).
 */
public record Project(int hiddenColumns, PlanNode input) implements MergeStep {

    public Project {
        if (hiddenColumns <= 0) {
            throw new IllegalArgumentException("hiddenColumns: " + hiddenColumns + " (expected: > 0)");
        }
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Project without the last " + hiddenColumns + " columns";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitProject(this);
    }
}
