package io.tessera.router.plan;

import java.util.List;

/** One step of a plan. Sealed: each kind has exactly one operator in proxy-core. */
public sealed interface PlanNode permits Route {

    List<PlanNode> inputs();

    /** One deterministic line, e.g. {@code Route dn1: select 1}. */
    String describe();

    <R> R accept(Visitor<R> visitor);

    /** One method per node kind, so a new kind without an operator does not compile. */
    interface Visitor<R> {
        R visitRoute(Route route);
    }
}
