package io.tessera.router.shape;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.Fuzz;
import io.tessera.router.RouteCache;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.RouterTest;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.PlanNode;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Statements of many shapes with random values, through one shape cache as the pipeline uses it (served when a
 * variant serves, else planned and learnt from): every plan it serves is the router's own for that statement, and it
 * serves none the router refuses. Values come from a small range so that shapes meet again with other values, on the
 * same nodes and on others.
 */
class ShapeCachePropertyTest {

    private static final List<String> SHAPES = List.of(
            "select c from orders where id = %d",
            "select * from orders where id = %d and status = '%s'",
            "select * from orders where status = '%s' and id = %d for update",
            "select c from orders where id in (%d, %d, %d)",
            "select c from orders where id = %d or id = %d",
            "select c from orders where id between %d and %d",
            "select c from orders where id between %d and %d order by c",
            "select distinct c from orders where id between %d and %d order by c",
            "select sum(k) from orders where id between %d and %d",
            "select c from orders where id >= %d and id <= %d order by c limit %d",
            "select c from orders where id > %d",
            "select c from orders where k = %d order by c limit %d, %d",
            "select status, count(*) from orders where k < %d group by status having count(*) > %d",
            "select id, '%s' from orders where k = %d order by 1",
            "select * from orders o join order_items i on i.order_id = o.id where o.id = %d",
            "select * from orders o join order_items i on i.order_id = o.id where i.order_id in (%d, %d)",
            "select * from order_items where order_id = %d and item_id = %d",
            "select * from users where user_id = %d",
            "select * from region where id = %d",
            "select * from company where id = %d",
            "select * from TESTDB.orders where id = %d",
            "select * from orders where id = (select max(id) from orders where id < %d)",
            "select * from orders where id in (select order_id from order_items where item_id = %d)",
            "update orders set status = '%s' where id = %d",
            "update orders set k = k + %d where id = %d",
            "update orders set status = '%s' where k = %d",
            "delete from orders where id = %d",
            "delete from orders where id in (%d, %d)",
            "delete from order_items where order_id = %d limit %d",
            "select c from orders where id = %d union all select c from orders where id = %d",
            "select c from orders where status like '%s%%' and id = %d",
            "select c from orders where id = %d.0",
            "select c from orders where id = '%d'",
            "select c from orders where id = -%d");

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(RouterTest.catalog());
    private final ShapeCache shapes = new ShapeCache(1_000_000);

    @Test
    void servesOnlyTheRoutersOwnPlans() {
        AtomicInteger served = new AtomicInteger();
        Fuzz.forAll(c -> {
            String shape = c.oneOf("shape", SHAPES);
            Object[] values = new Object[shape.split("%[ds]", -1).length - 1];
            int at = 0;
            for (int i = shape.indexOf('%'); i >= 0; i = shape.indexOf('%', i + 2)) {
                if (shape.charAt(i + 1) == 'd') {
                    values[at++] = c.intIn("int", 0, 9);
                } else if (shape.charAt(i + 1) == 's') {
                    values[at++] = c.oneOf("string", List.of("a", "b", "new", "x y", ""));
                }
            }
            String sql = c.note("sql", String.format(shape, values));
            if (runOnce(sql)) {
                served.incrementAndGet();
            }
        });
        assertThat(served.get()).isGreaterThan(Fuzz.TRIES / 3);
    }

    /** Runs {@code sql} as the pipeline would; whether the shape cache served it. */
    private boolean runOnce(String sql) {
        RouteCache.Entry entry = shapes.find("TESTDB", sql);
        ParsedStatement statement = parser.parse(sql);
        RouteContext context = new RouteContext("TESTDB");
        if (entry != null) {
            PlanNode plan;
            try {
                plan = router.route(statement, context);
            } catch (RuntimeException e) {
                throw new AssertionError("served a statement the router refuses: " + e.getMessage(), e);
            }
            assertThat(entry.plan()).isEqualTo(plan);
            return true;
        }
        try {
            ShapeChecks.planAndLearn(shapes, router, statement, context);
        } catch (RuntimeException e) {
            // refused: nothing learnt
        }
        return false;
    }
}
