package io.tessera.router.plan;

import java.util.Objects;

/**
 * Passes on the data nodes' rows in whatever order they arrive: for results without an order.
 */
public record Concat(Route input) implements MergeStep {

    public Concat {
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String describe() {
        return "Concat";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitConcat(this);
    }
}
