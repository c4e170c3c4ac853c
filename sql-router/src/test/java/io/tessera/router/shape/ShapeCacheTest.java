package io.tessera.router.shape;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.RouteCache;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.RouterTest;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.PlanNode;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShapeCacheTest {

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(RouterTest.catalog());
    private final ShapeCache shapes = new ShapeCache(1_000_000);

    private PlanNode planAndLearn(String sql) {
        return ShapeChecks.planAndLearn(shapes, router, parser.parse(sql), new RouteContext("TESTDB"));
    }

    private String cached(String sql) {
        RouteCache.Entry entry = shapes.find("TESTDB", sql);
        return entry == null ? null : entry.plan().describe();
    }

    @Test
    void aPointReadTakesThePlanOfItsShapeWithItsOwnValue() {
        planAndLearn("select c from orders where id = 4");
        assertThat(cached("select c from orders where id = 10"))
                .isEqualTo("Route dn1: select c from orders where id = 10");
        assertThat(cached("select c from orders where id = 7")).isNull(); // another node: a variant not learnt yet
        planAndLearn("select c from orders where id = 7");
        assertThat(cached("select c from orders where id = 1001"))
                .isEqualTo("Route dn2: select c from orders where id = 1001");
        assertThat(cached("select c from orders where id = '12'")).isNull(); // a string: another shape
        assertThat(cached("select c from orders where id = 12 ")).isNull();  // another text around the values
        assertThat(shapes.size()).isEqualTo(1);
    }

    @Test
    void aRangeOverEveryNodeKeepsItsMergeAndBindsBothBounds() {
        String learnt = "select c from orders where id between 5 and 104 order by c";
        PlanNode plan = planAndLearn(learnt);
        assertThat(plan.route().shards()).hasSize(2);
        assertThat(boundAsRouted("select c from orders where id between 1000 and 1099 order by c")).isTrue();
        assertThat(boundAsRouted("select c from orders where id between 6 and 6 order by c")).isTrue();
    }

    /** Whether the shape cache binds {@code sql} to a plan, and that plan is the router's own. */
    private boolean boundAsRouted(String sql) {
        RouteCache.Entry entry = shapes.find("TESTDB", sql);
        if (entry == null) {
            return false;
        }
        assertThat(entry.plan()).isEqualTo(router.route(parser.parse(sql), new RouteContext("TESTDB")));
        return true;
    }

    @Test
    void literalsTheRouterReadsOtherwiseMustBeWrittenAsLearnt() {
        planAndLearn("select c from orders where k = 3 order by c limit 10");
        assertThat(cached("select c from orders where k = 8 order by c limit 10")).isNotNull();
        assertThat(cached("select c from orders where k = 8 order by c limit 20")).isNull();  // the merge's LIMIT
        planAndLearn("select id, 'x' from orders where k = 3 order by 1");
        assertThat(cached("select id, 'x' from orders where k = 4 order by 1")).isNotNull();
        assertThat(cached("select id, 'y' from orders where k = 4 order by 1")).isNull();  // the select list
        assertThat(cached("select id, 'x' from orders where k = 4 order by 2")).isNull();  // a position
    }

    @Test
    void learnsNothingFromInsertsBackslashesOrLiteralsWrittenAlike() {
        planAndLearn("insert into orders (id, c) values (1, 'a')");
        planAndLearn("select c from orders where c = 'a\\\\b' and id = 2");
        planAndLearn("select c from orders where k = 2 and id = 2");
        assertThat(shapes.counters().puts()).isZero();
    }

    @Test
    void clearForgetsEveryShape() {
        planAndLearn("select c from orders where id = 4");
        shapes.clear();
        assertThat(cached("select c from orders where id = 6")).isNull();
    }

    @Test
    void sortKeyFactsAreTheShapesAndNewOnesDropItsVariants() {
        String sql = "select id, c from orders where id between 5 and 104 order by id";
        planAndLearn(sql);
        assertThat(cached("select id, c from orders where id between 7 and 9 order by id")).isNotNull();

        ShapeCache.SortKeyFacts facts = shapes.sortKeyFacts("TESTDB", sql);
        assertThat(facts.notString("id")).isFalse();
        assertThat(facts.learnNotStrings(Set.of("id"))).isTrue();
        assertThat(cached("select id, c from orders where id between 7 and 9 order by id")).isNull(); // planned anew
        assertThat(facts.learnNotStrings(Set.of("id"))).isFalse(); // no news: nothing dropped

        ShapeCache.SortKeyFacts sameShape = shapes.sortKeyFacts("TESTDB",
                "select id, c from orders where id between 1 and 2 order by id");
        assertThat(sameShape.notString("id")).isTrue();
        assertThat(sameShape.notString("c")).isFalse();
        assertThat(shapes.sortKeyFacts("OTHER", sql).notString("id")).isFalse();
        assertThat(shapes.sortKeyFacts("TESTDB", "select id, c from orders order by id").notString("id")).isFalse();

        PlanNode replanned = ShapeChecks.planAndLearn(shapes, router, parser.parse(sql),
                new RouteContext("TESTDB").withSortKeyTypes(sameShape));
        assertThat(replanned.route().shards().get(0).sql()).isEqualTo(sql);
        assertThat(cached("select id, c from orders where id between 7 and 9 order by id")).isNotNull();
        shapes.clear();
        assertThat(sameShape.notString("id")).isFalse();
    }

    @Test
    void aTextWithoutLiteralsKeepsSortKeyFactsButNoVariant() {
        String sql = "select id from orders order by id";
        ShapeCache.SortKeyFacts facts = shapes.sortKeyFacts("TESTDB", sql);
        assertThat(facts.learnNotStrings(Set.of("id"))).isTrue();
        assertThat(shapes.sortKeyFacts("TESTDB", sql).notString("id")).isTrue();
        assertThat(shapes.find("TESTDB", sql)).isNull();
        assertThat(shapes.sortKeyFacts("TESTDB", "select c from orders where c = 'a\\b' order by id")
                .learnNotStrings(Set.of("id"))).isFalse(); // a backslash: no shape
    }
}
