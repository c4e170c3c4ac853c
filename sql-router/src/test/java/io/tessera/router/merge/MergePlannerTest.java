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
import io.tessera.router.shape.ShapeChecks;
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
        return ShapeChecks.route(router, parser, sql, new RouteContext("TESTDB"));
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
    void limitBoundAsDoubleOrDecimalIsTheWholeNumberAndNodesGetItAsAnInteger() {
        // A prepared LIMIT ?, ? bound as DOUBLE (Node's mysql2) or DECIMAL is inlined as 10.0E0 or 10.0.
        assertThat(explain("select id, name from t order by id limit 10.0E0, 5.0E0")).isEqualTo("""
                Project without the last 1 columns
                Limit 10, 5
                OrderedMerge [#0/#2 ASC]
                SELECT id, name, W(id) FROM t ORDER BY id LIMIT 15""");
        assertThat(explain("select id from t order by id limit 0.0, 5.00")).endsWith("ORDER BY id LIMIT 5");
        assertThat(explain("select * from t limit 3.0E0")).isEqualTo("Limit 0, 3\nConcat\nSELECT * FROM t LIMIT 3");
        assertThatThrownBy(() -> plan("select * from t limit 1.5E0, 3"))
                .isInstanceOf(RouteException.class).hasMessageContaining("LIMIT offset that is not a number (1.5E0)");
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
    void havingOnStringsBringsBothSidesWeightsUnderTheColumnsCollation() {
        assertThat(explain("select g, count(*) from t group by g having min(s) > 'Abc' or g = 'x' or min(s) < max(s)"))
                .isEqualTo("""
                Project without the last 7 columns
                Filter ((#2/#3 > 'Abc'/#4 OR #0/#5 = 'x'/#6) OR #2/#3 < #7/#8)
                Aggregate by [#0/#5 ASC] [COUNT(#1), MIN(#2 by #3), MAX(#7 by #8)]
                OrderedMerge [#0/#5 ASC]
                SELECT g, count(*) AS `count(*)`, min(s), W(min(s)), CONCAT(COLLATION(IF(false, min(s), 'Abc')), \
                ':', WEIGHT_STRING(IF(false, min(s), 'Abc'))), MIN(W(g)), W(IF(false, g, 'x')), max(s), W(max(s)) \
                FROM t GROUP BY g ORDER BY 1 ASC""");
    }

    @Test
    void havingOnTemporalValuesAndNumbersNeedsNoWeights() {
        assertThat(explain("select g from t group by g having max(d) is not null and min(d) >= DATE '2024-01-01'"
                + " and sum(x) between 1 and '5' and max(t) <> TIME '10:00:00' and max(ts) < TIMESTAMP"
                + " '2024-01-01 00:00:00'")).isEqualTo("""
                Project without the last 10 columns
                Filter ((((#1 IS NOT NULL AND #3 >= DATE '2024-01-01') AND (#5 >= 1 AND #5 <= '5')) \
                AND #6 <> TIME '10:00:00') AND #8 < TIMESTAMP '2024-01-01 00:00:00')
                Aggregate by [#0/#10 ASC] [MAX(#1 by #2), MIN(#3 by #4), SUM(#5), MAX(#6 by #7), MAX(#8 by #9)]
                OrderedMerge [#0/#10 ASC]
                SELECT g, max(d), W(max(d)), min(d), W(min(d)), sum(x), max(t), W(max(t)), max(ts), W(max(ts)), \
                MIN(W(g)) FROM t GROUP BY g ORDER BY 1 ASC""");
        assertThat(explain("select g from t group by g having max(ts) > '2024-01-01' and min(s) is null"))
                .contains("Filter (#1/#2 > '2024-01-01'/#3 AND #4 IS NULL)",
                        "WEIGHT_STRING(IF(false, max(ts), '2024-01-01'))");
    }

    @Test
    void literalsThatDifferOnlyInCaseGetWeightsOfTheirOwn() {
        assertThat(explain("select g from t group by g having min(s) = 'A' or min(s) = 'a' or min(s) = 'a'"))
                .contains("Filter ((#1/#2 = 'A'/#3 OR #1/#2 = 'a'/#4) OR #1/#2 = 'a'/#4)")
                .containsOnlyOnce("COLLATION(IF(false, min(s), 'a'))");
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
    void aUnionOfSpreadBranchesIsMergedOverADerivedTableOfEachNodesBranches() {
        assertThat(explain("select k from t union all select k from g")).isEqualTo("""
                Concat
                (SELECT k FROM t) UNION ALL (SELECT k FROM g)""");
        assertThat(plan("select k from t union all select k from g").route().shards().get(1).sql()
                .replaceAll("\\s+", " ")).isEqualTo("SELECT k FROM t"); // the global branch runs once, on dn1
        assertThat(explain("select k from t union select k from g order by k limit 3")).isEqualTo("""
                Project without the last 1 columns
                Limit 0, 3
                Distinct [#0/#1 ASC]
                OrderedMerge [#0/#1 ASC]
                SELECT u._1 AS `k`, MIN(W(u._1)) FROM ( (SELECT k AS _1 FROM t) UNION ALL (SELECT k FROM g) ) u \
                GROUP BY 1 ORDER BY 1 ASC LIMIT 3""");
    }

    @Test
    void aDerivedTableWhoseRowsStayOnTheirNodesIsMergedAsATable() {
        assertThat(explain("select count(*) from (select k from t where k > 0) x"))
                .startsWith("Aggregate [COUNT(#0)]");
        assertThat(explain("select count(*) from (select id, count(*) c from t group by id) x"))
                .startsWith("Aggregate [COUNT(#0)]");
    }

    @Test
    void shapesThatCannotBeMergedExactlyAreRefused() {
        for (String sql : List.of("select count(distinct k) from t", "select group_concat(s) from t",
                "select sum(k) + 1 from t", "select * from t where k = (select max(k) from t)",
                "select * from t union select * from t", "select k from t union select k from t order by k + 1",
                "select sql_calc_found_rows * from t limit 1",
                "select g, count(*) from t group by g with rollup", "select count(*) from (select k from t limit 3) x",
                "select count(*) from (select distinct k from t) x",
                "select distinct * from t", "select distinct k from t order by v",
                "select g, count(*) from t group by g having min(s) = _utf8mb4'a'",
                "select g, count(*) from t group by g having min(s) = 'a' collate utf8mb4_bin",
                "select g, count(*) from t group by g having min(s) = N'a'",
                "select g, count(*) from t group by g having min(s) = x'61'",
                "select g, count(*) from t group by g having 'a' = 'a'",
                "select g, count(*) from t group by g having max(s) + 1 > 2")) {
            assertThatThrownBy(() -> plan(sql)).as(sql).isInstanceOf(RouteException.class)
                    .hasMessageContaining("not");
        }
    }
}
