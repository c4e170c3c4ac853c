package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.merge.SortKeyFeedback;
import io.tessera.router.RouteCache;
import io.tessera.router.shape.ShapeCache;
import java.util.Set;

/**
 * Takes what a merge showed of its sort keys to the statement's shape: keys found to be no strings are planned
 * without their collation weights from then on, so the plan this run's text left in the route cache, which weighs
 * them, is dropped. When a key planned as no string turned out to be one, every cached plan is dropped: the type
 * changed outside Tessera, and other plans may rest on it too.
 */
final class SortKeyLearning implements SortKeyFeedback {

    private final ShapeCache shapes;
    private final RouteCache routes;
    private final ShapeCache.SortKeyFacts facts;
    private final String schema;
    private final boolean backslashEscapes;
    private final String sql;

    /** For a run planned with {@code facts}, whose plan the route cache keeps under its text. */
    SortKeyLearning(ShapeCache shapes, RouteCache routes, ShapeCache.SortKeyFacts facts, String schema,
            boolean backslashEscapes, String sql) {
        this.shapes = shapes;
        this.routes = routes;
        this.facts = facts;
        this.schema = schema;
        this.backslashEscapes = backslashEscapes;
        this.sql = sql;
    }

    /** For runs whose plan came from a cache: they learn nothing, but may find a key's type changed. */
    SortKeyLearning(ShapeCache shapes, RouteCache routes) {
        this(shapes, routes, null, null, false, null);
    }

    @Override
    public void notStrings(Set<String> expressions) {
        if (facts != null && facts.learnNotStrings(expressions)) {
            routes.remove(schema, backslashEscapes, sql);
        }
    }

    @Override
    public void changed() {
        shapes.clear();
        routes.clear();
    }
}
