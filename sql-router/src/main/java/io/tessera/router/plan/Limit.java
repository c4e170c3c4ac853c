package io.tessera.router.plan;

import java.util.Objects;

/**
 * Skips {@code offset} rows and passes on at most {@code count}; after that the data nodes are no longer read.
 */
public record Limit(long offset, long count, PlanNode input) implements MergeStep {

    public Limit {
        if (offset < 0 || count < 0) {
            throw new IllegalArgumentException("offset, count: " + offset + ", " + count + " (expected: >= 0)");
        }
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Limit " + offset + ", " + count;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitLimit(this);
    }
}
