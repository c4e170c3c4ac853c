package io.tessera.router.plan;

import java.util.List;

/**
 * One step of a plan. Sealed: each kind has exactly one operator in proxy-core. Merge nodes refer to the columns of
 * the rows the data nodes return by index: {@code i >= 0} is column {@code i}; {@code i < 0} counts from the end
 * ({@code -1} is the last column), for the hidden columns appended after a {@code *} whose width only the data nodes
 * know ({@link Columns#resolve}).
 */
public sealed interface PlanNode permits Route, Concat, OrderedMerge, Aggregate, Filter, Sort, Distinct, Limit,
        Project {

    List<PlanNode> inputs();

    /** One deterministic line, e.g. {@code Route dn1: select 1}. */
    String describe();

    <R> R accept(Visitor<R> visitor);

    /** The leaf that sends the statements to the data nodes. */
    default Route route() {
        return inputs().get(0).route();
    }

    /** The plan as indented lines, one per node, root first. */
    default String explain() {
        StringBuilder out = new StringBuilder();
        appendTo(out, 0);
        return out.toString();
    }

    private void appendTo(StringBuilder out, int depth) {
        if (depth > 0) {
            out.append('\n');
        }
        out.append("  ".repeat(depth)).append(describe());
        for (PlanNode input : inputs()) {
            input.appendTo(out, depth + 1);
        }
    }

    /** One method per node kind, so a new kind without an operator does not compile. */
    interface Visitor<R> {
        R visitRoute(Route route);

        R visitConcat(Concat concat);

        R visitOrderedMerge(OrderedMerge merge);

        R visitAggregate(Aggregate aggregate);

        R visitFilter(Filter filter);

        R visitSort(Sort sort);

        R visitDistinct(Distinct distinct);

        R visitLimit(Limit limit);

        R visitProject(Project project);
    }
}
