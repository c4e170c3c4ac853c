package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.AggregateColumn.Function;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Concat;
import io.tessera.router.plan.Distinct;
import io.tessera.router.plan.Filter;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.Predicate.Comparison;
import io.tessera.router.plan.Predicate.Literal;
import io.tessera.router.plan.Predicate.Operand;
import io.tessera.router.plan.Predicate.Operator;
import io.tessera.router.plan.Project;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.plan.Sort;
import io.tessera.router.plan.SortKey;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operator chains {@link OperatorFactory} builds for the plans the router makes (MergePlannerTest's shapes), run
 * as {@link MergeExecution} runs them: two data nodes answer frame by frame, and the client's packets are checked.
 */
class OperatorFactoryTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final long NO_LIMIT = Long.MAX_VALUE;

    private final FakeDataNodes nodes = new FakeDataNodes();

    @AfterEach
    void leftNothingBehind() {
        nodes.assertClean();
    }

    /** The same statement on dn1 and dn2. */
    private static Route route(String sql) {
        return new Route(List.of(new ShardStatement("dn1", sql, true), new ShardStatement("dn2", sql, true)));
    }

    private static ColumnDefinition41 varchar(String name) {
        return column(name, ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0);
    }

    /**
     * Both nodes describe {@code columns}; the merge starts when the second has. (The client gets the column
     * definitions with the first flush of rows, an EOF or an ERR.)
     */
    private void header(List<ColumnDefinition41> columns) {
        nodes.node("dn1").header(columns);
        assertThat(nodes.clientGot()).isEmpty();            // dn2 may still fail, or describe other columns
        nodes.node("dn2").header(columns);
    }

    @Test
    void concatPassesRowsOnAsTheyArriveAndEndsWhenEveryNodeHas() {
        nodes.run(new Concat(route("select id, s from t")), NO_LIMIT);
        header(List.of(column("id", ColumnType.LONGLONG), varchar("s")));

        nodes.node("dn1").rows("1|a", "3|NULL");
        nodes.node("dn2").rows("2|b").end(2);
        assertThat(nodes.clientGot()).containsExactly("columns: id, s", "1|a", "3|NULL", "2|b");
        nodes.node("dn1").end(1);

        assertThat(nodes.clientGot()).containsExactly("EOF, 3 warnings");
        assertThat(nodes.calls()).containsExactly("dn1: select id, s from t", "dn2: select id, s from t",
                "release dn2", "release dn1", "command done");
    }

    @Test
    void orderByWithLimitMergesSkipsCutsTheHiddenColumnsAndDropsWhatTheNodesStillSend() {
        // select id, name from t order by name desc, id limit 1, 2
        String sql = "SELECT id, name, W(name), W(id) FROM t ORDER BY name DESC, id LIMIT 3";
        List<SortKey> keys = List.of(new SortKey(1, 2, true), new SortKey(0, 3, false));
        nodes.run(new Project(2, new Limit(1, 2, new OrderedMerge(keys, route(sql)))), NO_LIMIT);
        header(List.of(column("id", ColumnType.LONG), varchar("name"), column("W(name)", ColumnType.VAR_STRING),
                column("W(id)", ColumnType.VAR_STRING)));

        nodes.node("dn1").rows("4|d|utf8mb4_general_ci:D|", "1|b|utf8mb4_general_ci:B|",
                "5|a|utf8mb4_general_ci:A|");
        assertThat(nodes.clientGot()).isEmpty();            // no row yet: dn2 may send a greater name
        nodes.node("dn2").rows("3|C|utf8mb4_general_ci:C|", "2|b|utf8mb4_general_ci:B|");

        assertThat(nodes.clientGot()).containsExactly("columns: id, name", "3|C", "1|b", "EOF");
        nodes.node("dn2").rows("6|A|utf8mb4_general_ci:A|").end();
        nodes.node("dn1").end();
        assertThat(nodes.clientGot()).isEmpty();
        assertThat(nodes.calls()).containsExactly("dn1: " + sql, "dn2: " + sql, "release dn2", "release dn1",
                "command done");                            // only once both nodes have ended
    }

    @Test
    void distinctDropsRowsThatRepeatOnAnotherNodeBeforeTheLimitCounts() {
        // select distinct k, s from t order by s limit 4
        List<SortKey> keys = List.of(new SortKey(1, 2, false), new SortKey(0, 3, false));
        nodes.run(new Project(2, new Limit(0, 4, new Distinct(keys, new OrderedMerge(keys,
                route("SELECT k, s, MIN(W(s)), MIN(W(k)) FROM t GROUP BY 1, 2 ORDER BY 2, 1 LIMIT 4"))))), NO_LIMIT);
        header(List.of(column("k", ColumnType.LONG), varchar("s"), column("W(s)", ColumnType.VAR_STRING),
                column("W(k)", ColumnType.VAR_STRING)));

        nodes.node("dn1").rows("1|a|utf8mb4_general_ci:A|", "2|a|utf8mb4_general_ci:A|",
                "1|b|utf8mb4_general_ci:B|").end();
        nodes.node("dn2").rows("1|A|utf8mb4_general_ci:A|", "2|a|utf8mb4_general_ci:A|",
                "3|b|utf8mb4_general_ci:B|", "1|c|utf8mb4_general_ci:C|").end();

        assertThat(nodes.clientGot()).containsExactly("columns: k, s", "1|a", "2|a", "1|b", "3|b", "EOF");
    }

    @Test
    void groupsAreMergedThenSortedByTheirAggregateAndLimited() {
        // select g, count(*) c from t group by g order by c desc, g limit 3
        SortKey byG = new SortKey(0, 2, false);
        nodes.run(new Project(1, new Limit(0, 3, new Sort(List.of(new SortKey(1, Columns.NONE, true), byG),
                new Aggregate(List.of(byG), List.of(AggregateColumn.of(Function.COUNT, 1)), new OrderedMerge(
                        List.of(byG), route("SELECT g, count(*) AS c, MIN(W(g)) FROM t GROUP BY g ORDER BY 1")))))),
                NO_LIMIT);
        header(List.of(varchar("g"), column("c", ColumnType.LONGLONG), column("MIN(W(g))", ColumnType.VAR_STRING)));

        nodes.node("dn1").rows("a|1|utf8mb4_general_ci:A", "b|5|utf8mb4_general_ci:B", "d|2|utf8mb4_general_ci:D");
        nodes.node("dn2").rows("A|2|utf8mb4_general_ci:A", "c|4|utf8mb4_general_ci:C", "d|1|utf8mb4_general_ci:D",
                "e|3|utf8mb4_general_ci:E");
        nodes.node("dn1").end();
        assertThat(nodes.clientGot()).isEmpty();            // the sort needs every group first
        nodes.node("dn2").end();

        assertThat(nodes.clientGot()).containsExactly("columns: g, c", "b|5", "c|4", "a|3", "EOF");
    }

    @Test
    void havingFiltersTheGroupTheNodesRowsMakeUp() {
        // select count(*), sum(d) from t having count(*) > 5
        Comparison moreThanFive = new Comparison(Operator.GREATER, Operand.column(0),
                Operand.literal(new Literal(Literal.Kind.NUMBER, "5")));
        nodes.run(new Filter(moreThanFive, new Aggregate(List.of(), List.of(AggregateColumn.of(Function.COUNT, 0),
                AggregateColumn.of(Function.SUM, 1)), new Concat(route("SELECT count(*), sum(d) FROM t")))), NO_LIMIT);
        header(List.of(column("count(*)", ColumnType.LONGLONG), column("sum(d)", ColumnType.NEWDECIMAL, 63, 2)));

        nodes.node("dn1").rows("3|1.50").end();
        nodes.node("dn2").rows("4|NULL").end();

        assertThat(nodes.clientGot()).containsExactly("columns: count(*), sum(d)", "7|1.50", "EOF");
    }

    @Test
    void aSortBeyondTheMergeMemoryLimitEndsTheResultWithErr1038AndDropsTheRest() {
        nodes.run(new Sort(List.of(SortKey.asc(0)), new Concat(route("select id, s from t"))), 20);
        header(List.of(column("id", ColumnType.LONG), varchar("s")));

        nodes.node("dn1").rows("3|c", "1|a");               // 8 bytes each, as the sort holds them
        assertThat(nodes.clientGot()).isEmpty();
        nodes.node("dn2").rows("2|b");

        assertThat(nodes.clientGot()).containsExactly("columns: id, s", "ERR 1038 (HY001): sorting merged rows needs"
                + " more than mergeMemoryLimit (20 bytes) to merge the rows of several data nodes: raise"
                + " mergeMemoryLimit in server.xml, or narrow the query (a WHERE, a LIMIT, fewer columns)");
        nodes.node("dn2").rows("4|d").end();
        nodes.node("dn1").end();
        assertThat(nodes.clientGot()).isEmpty();
        assertThat(nodes.calls()).endsWith("release dn2", "release dn1", "command done");
    }

    @Test
    void aKeyWhoseOrderTheTextDoesNotShowFailsTheStatementBeforeAnyColumnIsSent() {
        nodes.run(new OrderedMerge(List.of(SortKey.asc(1)), route("select id, e from t order by e")), NO_LIMIT);
        header(List.of(column("id", ColumnType.LONG), new ColumnDefinition41("db", "t", "t", "e", "e",
                UTF8MB4_GENERAL_CI, 4, ColumnType.STRING, ColumnFlag.ENUM, 0)));

        assertThat(nodes.clientGot()).containsExactly("ERR 1235 (42000): ordering or grouping rows from several data"
                + " nodes by column 'e' of type STRING is not supported");
        nodes.node("dn1").rows("1|x").end();
        nodes.node("dn2").end();
        assertThat(nodes.calls()).endsWith("release dn1", "release dn2", "command done");
    }

    @Test
    void aRouteIsNeverAnOperatorOfItsOwn() {
        OperatorFactory factory = new OperatorFactory(List.of(), List.of(), new MergeBudget(0),
                UnpooledByteBufAllocator.DEFAULT);

        assertThatThrownBy(() -> route("select 1").accept(factory)).isInstanceOf(IllegalStateException.class)
                .hasMessage("a Route is read through Concat or OrderedMerge: Route dn1: select 1; dn2: select 1");
    }
}
