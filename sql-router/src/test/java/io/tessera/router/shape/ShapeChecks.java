package io.tessera.router.shape;

import io.tessera.router.RouteCache;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.PlanNode;
import java.math.BigDecimal;
import java.util.List;

/**
 * Routes a test's statement both ways: by the router, and through a shape cache taught by statements of the same
 * shape with other values (each integer plus 1, 2 and 3, each string and decimal changed too). Where the cache serves
 * the statement, its plan must be the router's; where the router refuses it, the cache must not serve it. The
 * routing suites call it instead of the router, so every statement they hold checks the cache.
 */
public final class ShapeChecks {

    private ShapeChecks() {
    }

    public static PlanNode route(Router router, SqlParser parser, String sql, RouteContext context) {
        return route(router, parser, sql, context, true);
    }

    public static PlanNode route(Router router, SqlParser parser, String sql, RouteContext context,
            boolean backslashEscapes) {
        ShapeCache shapes = new ShapeCache(1_000_000);
        SqlShape.Lexed lexed = SqlShape.lex(sql);
        if (lexed != null) {
            for (int step = 1; step <= 3; step++) {
                learn(shapes, router, parser, sibling(lexed, step), context, backslashEscapes);
            }
        }
        RouteCache.Entry served = shapes.find(context.schema(), sql);
        PlanNode plan;
        try {
            plan = router.route(parser.parse(sql, backslashEscapes), context);
        } catch (RuntimeException e) {
            if (served != null) {
                throw new AssertionError("the shape cache served a statement the router refuses: " + sql
                        + "\n    served: " + served.plan().describe() + "\n    refused: " + e.getMessage(), e);
            }
            throw e;
        }
        if (served != null && !served.plan().equals(plan)) {
            throw new AssertionError("the shape cache planned " + sql + " otherwise than the router:\n    cache:  "
                    + served.plan().describe() + "\n    router: " + plan.describe());
        }
        return plan;
    }

    private static void learn(ShapeCache shapes, Router router, SqlParser parser, String sql, RouteContext context,
            boolean backslashEscapes) {
        try {
            planAndLearn(shapes, router, parser.parse(sql, backslashEscapes), context);
        } catch (RuntimeException e) {
            // a sibling the parser or the router refuses teaches nothing
        }
    }

    /**
     * Plans {@code statement} as the pipeline does on a miss: the router, watched by the shape cache, which then
     * learns from it. Throws what the router throws.
     */
    public static PlanNode planAndLearn(ShapeCache shapes, Router router, ParsedStatement statement,
            RouteContext context) {
        ShapeCache.Learning learning = shapes.startLearning(context.schema(), statement);
        PlanNode plan;
        try {
            plan = router.route(statement, context);
        } finally {
            if (learning != null) {
                learning.close();
            }
        }
        if (learning != null) {
            shapes.learn(learning, new RouteCache.Entry(statement.type(), plan, List.of(), false,
                    statement.tables()));
        }
        return plan;
    }

    /** {@code lexed}'s text with each integer and decimal plus {@code step}, each string with {@code step} after. */
    static String sibling(SqlShape.Lexed lexed, int step) {
        StringBuilder sql = new StringBuilder();
        int from = 0;
        for (int i = 0; i < lexed.count(); i++) {
            sql.append(lexed.sql(), from, lexed.start(i));
            String text = lexed.text(i);
            sql.append(switch (lexed.kind(i)) {
                case SqlShape.INTEGER, SqlShape.DECIMAL -> new BigDecimal(text).add(BigDecimal.valueOf(step))
                        .toPlainString();
                case SqlShape.STRING -> text.substring(0, text.length() - 1) + step + "'";
                default -> text;
            });
            from = lexed.end(i);
        }
        return sql.append(lexed.sql(), from, lexed.sql().length()).toString();
    }
}
