package io.tessera.router.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.RouterTest;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.SortKey;
import io.tessera.router.plan.SortKeyTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A merge leaves out the collation weights of sort keys that earlier runs showed are no strings. */
class SortKeyTypesTest {

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(RouterTest.catalog());

    private PlanNode plan(String sql, String... notStrings) {
        Set<String> known = Set.of(notStrings);
        SortKeyTypes types = known::contains;
        return router.route(parser.parse(sql), new RouteContext("TESTDB").withSortKeyTypes(types));
    }

    private static String nodeSql(PlanNode plan) {
        return plan.route().shards().get(0).sql();
    }

    private static List<String> steps(PlanNode plan) {
        List<String> steps = new ArrayList<>();
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            steps.add(step.describe());
        }
        return steps;
    }

    @Test
    void keysKnownNotToBeStringsAreNotWeighedAndTheNodesGetTheClientsText() {
        String sql = "SELECT id, k, c FROM orders WHERE k BETWEEN 1 AND 9 ORDER BY k DESC, id LIMIT 20";
        PlanNode weighed = plan(sql);
        assertThat(nodeSql(weighed)).contains("WEIGHT_STRING(k)").contains("WEIGHT_STRING(id)");
        assertThat(steps(weighed)).first().isEqualTo("Project without the last 2 columns");

        PlanNode plain = plan(sql, "k", "id");
        assertThat(steps(plain)).containsExactly("Limit 0, 20", "OrderedMerge [#1 DESC, #0 ASC]");
        assertThat(nodeSql(plain)).isEqualTo(sql);
        assertThat(plain.route().shards().get(0).rewritten()).isFalse();
    }

    @Test
    void eachKeyNamesItsExpressionWhetherWeighedOrNot() {
        OrderedMerge merge = (OrderedMerge) ((MergeStep) plan("select id, c from orders order by c, id", "id"))
                .input();
        assertThat(merge.keys()).extracting(SortKey::expression).containsExactly("c", "id");
        assertThat(merge.keys().get(0).weightColumn()).isNotEqualTo(Columns.NONE);
        assertThat(merge.keys().get(1).weightColumn()).isEqualTo(Columns.NONE);
    }

    @Test
    void aliasesPositionsAndExpressionsAreKnownByTheExpressionTheyName() {
        assertThat(nodeSql(plan("select k + 1 as kk from orders order by kk", "k + 1")))
                .doesNotContain("WEIGHT_STRING");
        assertThat(nodeSql(plan("select c, k from orders order by 2", "k"))).doesNotContain("WEIGHT_STRING");
        assertThat(nodeSql(plan("select c, k from orders order by 1", "k"))).contains("WEIGHT_STRING(c)");
        assertThat(nodeSql(plan("select c from orders order by k", "k"))).doesNotContain("WEIGHT_STRING");
    }

    @Test
    void groupKeysAndDistinctKeysLeaveOutTheirWeightsToo() {
        String grouped = nodeSql(plan("select k, count(*) from orders group by k", "k"));
        assertThat(grouped).doesNotContain("WEIGHT_STRING");
        assertThat(steps(plan("select k, count(*) from orders group by k", "k")))
                .contains("OrderedMerge [#0 ASC]");
        assertThat(nodeSql(plan("select distinct k from orders", "k"))).doesNotContain("WEIGHT_STRING");
        assertThat(nodeSql(plan("select distinct k, c from orders", "k"))).contains("WEIGHT_STRING(c)")
                .doesNotContain("WEIGHT_STRING(k)");
    }

    @Test
    void minAndMaxKeepTheirWeightsWhicheverKeysAreKnown() {
        assertThat(nodeSql(plan("select k, max(c) from orders group by k order by max(c)", "k", "max(c)")))
                .contains("WEIGHT_STRING(max(c))");
    }
}
