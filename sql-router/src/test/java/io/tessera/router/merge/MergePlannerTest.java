package io.tessera.router.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MergePlannerTest {

    private static final ShardingFunction MOD2 = new ShardingFunction() {
        @Override
        public int nodeCount() {
            return 2;
        }

        @Override
        public int nodeOf(SqlValue value) {
            return (int) Math.floorMod(Long.parseLong(value.text()), 2L);
        }
    };

    private static final Pattern WEIGHT =
            Pattern.compile("CONCAT\\(COLLATION\\(((?:[^()]|\\([^()]*\\))*)\\), ':', WEIGHT_STRING\\(\\1\\)\\)");

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", List.of(
            new LogicalTable("t", TableKind.SHARDED, List.of("dn1", "dn2"), new ShardingRule("id", MOD2), null),
            new LogicalTable("g", TableKind.GLOBAL, List.of("dn1", "dn2")))))));

    private PlanNode plan(String sql) {
        return router.route(parser.parse(sql), new RouteContext("TESTDB"));
    }

    /**
     * The merge steps, root first, one per line, then the SQL the first node gets (which is one line), with each
     * {@code CONCAT(COLLATION(x), ':', WEIGHT_STRING(x))} written {@code W(x)}.
     */
    private String explain(String sql) {
        PlanNode plan = plan(sql);
        StringBuilder out = new StringBuilder();
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            out.append(step.describe()).append('\n');
        }
        String nodeSql = plan.route().shards().get(0).sql();
        return out.append(WEIGHT.matcher(nodeSql).replaceAll("W($1)")).toString();
    }

    @Test
    void aPlainScanIsConcatenatedAndTheNodesGetTheClientsText() {
        assertThat(explain("select * from t where k = 1")).isEqualTo("Concat\nselect * from t where k = 1");
        assertThat(plan("select * from t where k = 1").route().shards().get(0).rewritten()).isFalse();
        assertThat(plan("select * from g").route().shards()).hasSize(2); // global reads stay a plain route
        assertThat(plan("select * from t where id = 3")).isInstanceOf(Route.class);
    }

    @Test
    void orderByMergesOnKeysWithTheirWeightsAndLimitIsPushedAsOffsetPlusCount() {
        assertThat(explain("select id, name from t order by name desc, id limit 10, 5")).isEqualTo("""
                Project without the last 2 columns
                Limit 10, 5
                OrderedMerge [#1/#2 DESC, #0/#3 ASC]
                SELECT id, name, W(name), W(id) FROM t ORDER BY name DESC, id LIMIT 15""");
    }

    @Test
    void keysMayBePositionsAliasesOrExpressionsAndUnselectedKeysAreHidden() {
        assertThat(explain("select k + 1 as kk from t order by kk")).startsWith("""
                Project without the last 1 columns
                OrderedMerge [#0/#1 ASC]""");
        assertThat(explain("select k, v from t order by 2")).startsWith("Project without the last 1 columns\n"
                + "OrderedMerge [#1/#2 ASC]");
        assertThat(explain("select k from t order by v")).startsWith("Project without the last 2 columns\n"
                + "OrderedMerge [#1/#2 ASC]");
        assertThat(explain("select * from t order by v")).startsWith("Project without the last 2 columns\n"
                + "OrderedMerge [#-2/#-1 ASC]");
    }

    @Test
    void aggregatesCombineAndAvgIsRebuiltFromSumAndCount() {
        assertThat(explain("select count(*), sum(d), avg(k), min(s) from t")).isEqualTo("""
                Project without the last 3 columns
                Aggregate [COUNT(#0), SUM(#1), AVG(#2 = #4/#5), MIN(#3 by #6)]
                Concat
                SELECT count(*) AS `count(*)`, sum(d) AS `sum(d)`, avg(k) AS `avg(k)`, min(s) AS `min(s)`, \
                SUM(k), COUNT(k), W(min(s)) FROM t""");
    }

    @Test
    void groupsMergeInKeyOrderAndAreSortedAfterwardsWhenOrderedByAnAggregate() {
        assertThat(explain("select g, count(*) c from t group by g")).isEqualTo("""
                Project without the last 1 columns
                Aggregate by [#0/#2 ASC] [COUNT(#1)]
                OrderedMerge [#0/#2 ASC]
                SELECT g, count(*) AS c, MIN(W(g)) FROM t GROUP BY g ORDER BY 1 ASC""");
        assertThat(explain("select g, count(*) c from t group by g order by g desc limit 3")).contains(
                "Limit 0, 3\nAggregate by [#0/#2 DESC]", "ORDER BY 1 DESC LIMIT 3");
        assertThat(explain("select g, count(*) c from t group by g order by c desc, g limit 3")).startsWith("""
                Project without the last 1 columns
                Limit 0, 3
                Sort [#1 DESC, #0/#2 ASC]
                Aggregate by [#0/#2 ASC] [COUNT(#1)]""").doesNotContain("LIMIT 3");
        assertThat(explain("select g from t group by g order by sum(x)")).contains("Sort [#1 ASC]",
                "SUM(#1)");
    }

    @Test
    void havingIsEvaluatedAfterTheMergeAndTakenOutOfTheNodesStatement() {
        String explained = explain("select g, count(*) c from t group by g having c > 2 and max(x) <= 10");
        assertThat(explained).contains("Filter (#1 > 2 AND #2 <= 10)", "MAX(#2 by #3)")
                .doesNotContain("HAVING");
    }

    @Test
    void distinctRowsAreSortedOnEveryColumnAndDeduplicated() {
        assertThat(explain("select distinct k, s from t order by s limit 4")).isEqualTo("""
                Project without the last 2 columns
                Limit 0, 4
                Distinct [#1/#2 ASC, #0/#3 ASC]
                OrderedMerge [#1/#2 ASC, #0/#3 ASC]
                SELECT k, s, MIN(W(s)), MIN(W(k)) FROM t GROUP BY 1, 2 ORDER BY 2 ASC, 1 ASC LIMIT 4""");
        assertThat(explain("select distinct id, s from t")).isEqualTo("Concat\nselect distinct id, s from t");
    }

    @Test
    void groupsOnTheShardingColumnAreFinalOnEachNode() {
        assertThat(explain("select id, count(distinct k), group_concat(s) from t group by id"))
                .isEqualTo("Concat\nselect id, count(distinct k), group_concat(s) from t group by id");
        assertThat(explain("select count(distinct id) from t")).startsWith("Aggregate [COUNT(#0)]");
    }

    @Test
    void shapesThatCannotBeMergedExactlyAreRefused() {
        for (String sql : List.of("select count(distinct k) from t", "select group_concat(s) from t",
                "select sum(k) + 1 from t", "select * from t where k = (select max(k) from t)",
                "select k from t union select k from t",
                "select sql_calc_found_rows * from t limit 1",
                "select g, count(*) from t group by g with rollup", "select count(*) from (select * from t) x",
                "select distinct * from t", "select distinct k from t order by v",
                "select g, count(*) from t group by g having min(s) = 'a'")) {
            assertThatThrownBy(() -> plan(sql)).as(sql).isInstanceOf(RouteException.class)
                    .hasMessageContaining("not");
        }
    }
}
