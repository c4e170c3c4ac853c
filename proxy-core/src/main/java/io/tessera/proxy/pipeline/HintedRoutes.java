package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.DataNodes;
import io.tessera.proxy.session.Session;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;

/**
 * MyCat's hints: {@code datanode=} sends the statement to that node, {@code sql=} to the nodes the other statement
 * routes to, {@code schema=} routes it in that schema, {@code db_type=master} keeps its reads on the write host
 * ({@link QueryRun#hintedToWriteHost}) while {@code db_type=slave} leaves them to the data host's balance, as a
 * statement without a hint. The hint itself is never sent: each statement of the route is
 * marked rewritten, so the front end sends the text without it.
 */
final class HintedRoutes {

    private final SqlParser parser;
    private final Router router;
    private final DataNodes dataNodes;

    HintedRoutes(SqlParser parser, Router router, DataNodes dataNodes) {
        this.parser = parser;
        this.router = router;
        this.dataNodes = dataNodes;
    }

    /**
     * The route of {@code statement} (the text after the hint) as {@code hint} directs. The user's right to a
     * {@code schema=} hint's schema is checked before ({@link CheckHintedSchema}).
     */
    PlanNode route(Session session, MycatHint hint, ParsedStatement statement, RouteContext context) {
        String sql = statement.sql();
        switch (hint.type()) {
            case "datanode" -> {
                dataNodes.get(hint.value());
                return Route.single(new ShardStatement(hint.value(), sql, true));
            }
            case "sql" -> {
                ParsedStatement other = parser.parse(hint.value(), session.backslashEscapes());
                if (router.columnOrderNeeded(other, context) != null || router.parentRowsNeeded(other, context) != null) {
                    throw RouteException.notSupported("the statement of a sql= hint must route without learning a"
                            + " table's column order or its parent rows first: route by a SELECT");
                }
                Route by = router.route(other, context).route();
                List<ShardStatement> shards = new ArrayList<>();
                by.shards().forEach(s -> shards.add(new ShardStatement(s.dataNode(), sql, true)));
                return new Route(shards, by.replicated());
            }
            case "schema" -> {
                return rewritten(router.route(statement, context.inSchema(hint.value())));
            }
            case "db_type" -> {
                if (!hint.value().equalsIgnoreCase("master") && !hint.value().equalsIgnoreCase("slave")) {
                    throw RouteException.syntax("unknown db_type '" + hint.value() + "' in a MyCat hint (expected:"
                            + " master or slave)");
                }
                return rewritten(router.route(statement, context));
            }
            default -> throw RouteException.syntax("unknown MyCat hint type '" + hint.type()
                    + "' (expected: sql, datanode, schema or db_type)");
        }
    }

    /** The plan, its single node's statement marked as not the client's text (the hint is gone from it). */
    private static PlanNode rewritten(PlanNode plan) {
        if (!(plan instanceof Route route)) {
            return plan; // the nodes of a merge always get the statement's text, never the client's payload
        }
        List<ShardStatement> shards = new ArrayList<>();
        route.shards().forEach(s -> shards.add(new ShardStatement(s.dataNode(), s.sql(), true)));
        return new Route(shards, route.replicated());
    }
}
