package io.tessera.router.plan;

import java.util.List;

/**
 * One step of a plan. Sealed: each kind has exactly one operator in proxy-core. Merge nodes refer to the columns of
 * the rows the data nodes return by index: {@code i >= 0} is column {@code i}; {@code i < 0} counts from the end
 * ({@code -1} is the last column), for the hidden columns appended after a {@code *} whose width only the data nodes
 * know ({@link Columns#resolve}).
 */
public sealed interface PlanNode permits Route, MergeStep {

    List<PlanNode> inputs();

    /** One deterministic line, e.g. {@code Route dn1: select 1}. */
    String describe();

    <R> R accept(Visitor<R> visitor);

    /** The leaf that sends the statements to the data nodes. */
    Route route();

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
