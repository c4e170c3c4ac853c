package io.tessera.proxy.pipeline;

import io.tessera.proxy.local.InformationSchema;
import io.tessera.proxy.local.ShowStatements;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.SystemCatalog;
import io.tessera.router.local.VirtualTables;
import io.tessera.router.parse.NoBackslashEscapes;
import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.Set;

/**
 * A SELECT of {@code information_schema.SCHEMATA}, {@code PROCESSLIST} or the logical catalog's tables
 * ({@code TABLES}, {@code COLUMNS}, {@code STATISTICS} and the keys') reads Tessera's rows, never a data host's
 * ({@link VirtualTables}): once {@link InformationSchema} has them (which may take a data node's answer), the
 * statement, its session values inlined, goes to the node of statements without tables with each such table replaced
 * by a derived table of those rows, and is never cached. Refused (1235): any other statement on them, one that also
 * reads tables of logical schemas, and one that reads what of a data host's own catalog is not on
 * {@link SystemCatalog}'s allow-list (it would show physical database names). A {@code datanode=} or {@code sql=} hint
 * sends the statement as written. SHOW CREATE TABLE of a table schema.xml does not name, which may be a view of the
 * default data node, is answered in logical terms ({@link ShowStatements#createTableOfDefaultNode}).
 */
final class AnswerVirtualTables implements Step {

    private final Router router;
    private final InformationSchema informationSchema;
    private final ShowStatements shows;

    AnswerVirtualTables(Router router, InformationSchema informationSchema, ShowStatements shows) {
        this.router = router;
        this.informationSchema = informationSchema;
        this.shows = shows;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (!run.routedByRules()) {
            return Flow.NEXT;
        }
        String refusal = SystemCatalog.refusal(run.statement);
        if (refusal != null) {
            throw RouteException.notSupported(refusal);
        }
        if (run.type == StatementType.SHOW_TABLE_INFO && !run.explain
                && shows.createTableOfDefaultNode(run.client(), run.statement)) {
            run.releasePayload();
            return Flow.HELD;
        }
        Set<String> tables = VirtualTables.named(run.statement);
        if (tables.isEmpty()) {
            return Flow.NEXT;
        }
        if (run.derivedTables == null) {
            refuseWhatCannotBeAnswered(run, "information_schema." + tables.iterator().next());
            informationSchema.derivedTables(run.client(), tables).whenComplete(run.client().guard((selects, error) -> {
                if (error != null) {
                    run.fail(error);
                    return;
                }
                run.derivedTables = selects;
                run.skipTo(AnswerVirtualTables.class); // again, now with the rows
                run.resume();
            }));
            return Flow.HELD;
        }
        String sql = VirtualTables.withDerivedTables(run.statement, run.derivedTables);
        run.plan = Route.single(new ShardStatement(router.nodeWithoutTables(run.routeContext()), sql, true));
        run.session().calcFoundRows(UseCachedRoute.calcFoundRows(sql)); // as PlanStatement, which this skips, does
        run.skipTo(RunPlan.class);
        return Flow.NEXT;
    }

    private static void refuseWhatCannotBeAnswered(QueryRun run, String table) {
        if (run.type != StatementType.SELECT) {
            throw RouteException.notSupported(table + " can only be read by a SELECT: Tessera answers it with rows of"
                    + " its own");
        }
        if (VirtualTables.namesOtherTables(run.statement)) {
            throw RouteException.notSupported(table + " cannot be read together with tables of logical schemas:"
                    + " Tessera answers it with rows of its own; read it in a statement of its own");
        }
        if (run.shortened) {
            throw RouteException.notSupported("a statement of " + run.payload().readableBytes() + " bytes with"
                    + " literals over " + ReadText.MAX_ROUTING_LITERAL_BYTES + " bytes cannot read " + table);
        }
        String sql = run.parsed.sql();
        if (!run.session().backslashEscapes() && NoBackslashEscapes.asDefaultMode(sql) != sql) {
            throw RouteException.notSupported("in a session whose sql_mode has NO_BACKSLASH_ESCAPES, a statement"
                    + " that reads " + table + " cannot have a backslash in a string: Tessera writes it anew for its"
                    + " data node, and would write the backslash as an escape");
        }
    }
}
