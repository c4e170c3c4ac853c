package io.tessera.proxy.pipeline;

import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.StatusCounters;
import io.tessera.router.RouteCache;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.SqlTokens;
import io.tessera.router.parse.StatementType;
import io.tessera.router.shape.ShapeCache;

/**
 * A statement whose shape was planned before (the same text but for the values it compares or sets, see
 * {@link ShapeCache}) takes the plan its shape binds to its values, and one whose text was planned before in the same
 * schema and escaping mode takes that plan; either goes straight to {@link RunPlan}: no parse; it is counted here
 * ({@code Com_xxx}), as {@link ParseStatement} counts the others.
 * Hinted statements, shortened texts and sessions with a {@code sql_select_limit} (a plan made for one limit must not
 * serve another) always plan anew, and so do users whose statements are checked against their rights
 * ({@link CheckPrivileges} needs the parse) and sessions holding table locks ({@link CheckTableLocks} needs it).
 */
final class UseCachedRoute implements Step {

    private final RouteCache routes;
    private final ShapeCache shapes;
    private final StatusCounters status;
    private final SortKeyLearning cachedPlans;

    UseCachedRoute(RouteCache routes, ShapeCache shapes, StatusCounters status) {
        this.routes = routes;
        this.shapes = shapes;
        this.status = status;
        this.cachedPlans = new SortKeyLearning(shapes, routes);
    }

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        run.hint = MycatHint.of(run.sql).orElse(null);
        if (!cacheable(run) || run.hint != null || session.selectLimit() >= 0
                || StatementRights.restricts(session.user()) || !session.tableLocks().isEmpty()) {
            return Flow.NEXT;
        }
        RouteCache.Entry cached = shapes.find(session.schema(), run.sql);
        if (cached == null) {
            cached = routes.get(session.schema(), session.backslashEscapes(), run.sql);
        }
        if (cached == null || !StatementRights.mayUseAll(session.user(), cached.schemas())) {
            return Flow.NEXT; // planned anew: CheckPrivileges tells the user what it may not use
        }
        session.statementBinds(false); // a statement that binds its connection is never cached
        session.statementOnWriteHost(cached.locksRows()); // and a hinted one neither
        session.warnings(0, null);
        session.calcFoundRows(cached.type() == StatementType.SELECT && calcFoundRows(run.sql));
        run.type = cached.type();
        run.tables = cached.tables();
        run.shape = cached.shape();
        status.statement(session, cached.type());
        run.client().statementType(cached.type());
        run.client().routingCounters().cachedRoute();
        run.plan = cached.plan();
        run.sortKeyFeedback = cachedPlans;
        run.skipTo(RunPlan.class);
        return Flow.NEXT;
    }

    /**
     * A route may be cached unless it belongs to an EXECUTE whose routing text stands short values in for long ones
     * (that text is not the one to run), to a text whose long literals were emptied, or to a text with a sequence's
     * ids in it (the next run of the client's text takes new ones).
     */
    static boolean cacheable(QueryRun run) {
        return !run.shortened && !run.sequenced && (run.prepared() == null || run.prepared().wholeText() == null);
    }

    /** Whether a SELECT's text asks for SQL_CALC_FOUND_ROWS. */
    static boolean calcFoundRows(String sql) {
        return SqlTokens.containsIgnoringCase(sql, "SQL_CALC_FOUND_ROWS");
    }
}
