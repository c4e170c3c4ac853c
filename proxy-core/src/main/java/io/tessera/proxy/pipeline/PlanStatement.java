package io.tessera.proxy.pipeline;

import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.session.Session;
import io.tessera.router.RouteCache;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.NoBackslashEscapes;
import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shape.ShapeCache;

/**
 * Plans the statement: by the router's rules, or as its MyCat hint directs, and counts the time it took
 * ({@code show @@router}). Refuses what the plan cannot carry out
 * exactly (a shortened text that must be rewritten, a backslash Tessera would escape under NO_BACKSLASH_ESCAPES),
 * and keeps the plan in the route cache when the same text may take it again, and what it teaches the statement's
 * shape in the shape cache, for statements that differ from it only in their values. A merge's sort keys are planned
 * by what earlier merges of the shape showed of their types ({@link SortKeyLearning}).
 */
final class PlanStatement implements Step {

    private final Router router;
    private final HintedRoutes hints;
    private final RouteCache routes;
    private final ShapeCache shapes;

    PlanStatement(Router router, HintedRoutes hints, RouteCache routes, ShapeCache shapes) {
        this.router = router;
        this.hints = hints;
        this.routes = routes;
        this.shapes = shapes;
    }

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        boolean mayCache = UseCachedRoute.cacheable(run) && run.hint == null && !run.inlined
                && run.type != StatementType.DDL && session.selectLimit() < 0;
        long start = System.nanoTime();
        RouteContext context = run.routeContext();
        if (mayCache) {
            ShapeCache.SortKeyFacts facts = shapes.sortKeyFacts(session.schema(), run.parsed.sql());
            context = context.withSortKeyTypes(facts);
            run.sortKeyFeedback = new SortKeyLearning(shapes, routes, facts, session.schema(),
                    session.backslashEscapes(), run.parsed.sql());
        }
        ShapeCache.Learning learning = mayCache ? shapes.startLearning(session.schema(), run.parsed) : null;
        PlanNode plan;
        try {
            plan = run.hint == null ? router.route(run.statement, context)
                    : hints.route(session, run.hint, run.statement, context);
        } finally {
            if (learning != null) {
                learning.close();
            }
        }
        run.client().routingCounters().routed(System.nanoTime() - start, session.connectionId());
        run.plan = plan;
        if (run.explain) {
            return Flow.NEXT;
        }
        if (run.shortened && (run.inlined || run.hint != null || plan.route().shards().get(0).rewritten())) {
            throw RouteException.notSupported("a statement of " + run.payload().readableBytes() + " bytes with"
                    + " literals over " + ReadText.MAX_ROUTING_LITERAL_BYTES + " bytes cannot be rewritten for its"
                    + " data node: drop the schema qualifier, the hint or the session function (DATABASE(), ...)");
        }
        if (!session.backslashEscapes()) {
            refuseRewrittenBackslashes(run.parsed.sql(), plan);
        }
        if (mayCache && !session.statementBinds()) {
            RouteCache.Entry entry = new RouteCache.Entry(run.type, plan, StatementRights.qualifiers(run.parsed),
                    run.parsed.locksRows(), run.parsed.tables());
            routes.put(session.schema(), session.backslashEscapes(), run.parsed.sql(), entry);
            if (learning != null) {
                shapes.learn(learning, entry);
            }
        }
        session.calcFoundRows(run.type == StatementType.SELECT && plan instanceof Route
                && UseCachedRoute.calcFoundRows(plan.route().shards().get(0).sql()));
        return Flow.NEXT;
    }

    /**
     * Under NO_BACKSLASH_ESCAPES a data node reads a backslash in a string as itself, but a statement Tessera writes
     * anew (a merge's, a split INSERT's, one with session values inlined) escapes it, as Druid's writer always does:
     * the node would read another value. Such a statement is refused; one that goes to a node as written is not.
     */
    private static void refuseRewrittenBackslashes(String clientSql, PlanNode plan) {
        if (NoBackslashEscapes.asDefaultMode(clientSql) == clientSql) {
            return; // no backslash in a string
        }
        for (ShardStatement shard : plan.route().shards()) {
            if (!shard.sql().equals(clientSql)) {
                throw RouteException.notSupported("in a session whose sql_mode has NO_BACKSLASH_ESCAPES, a statement"
                        + " with a backslash in a string cannot be rewritten for data node " + shard.dataNode()
                        + ": Tessera would write the backslash as an escape; send it so that one data node runs it"
                        + " as written, or without NO_BACKSLASH_ESCAPES");
            }
        }
    }
}
