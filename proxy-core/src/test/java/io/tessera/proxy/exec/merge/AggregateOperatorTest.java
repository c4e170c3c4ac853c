package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static io.tessera.proxy.exec.merge.TestRows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.AggregateColumn.Function;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AggregateOperatorTest {

    // g, COUNT(*), SUM(d), AVG(k), MIN(s), hidden: SUM(k), COUNT(k), WEIGHT_STRING(MIN(s)), WEIGHT_STRING(g)
    private static final List<ColumnDefinition41> COLUMNS = List.of(
            column("g", ColumnType.LONG), column("count(*)", ColumnType.LONGLONG),
            column("sum(d)", ColumnType.NEWDECIMAL, 63, 2), column("avg(k)", ColumnType.NEWDECIMAL, 63, 4),
            column("min(s)", ColumnType.VARCHAR, 45, 0), column("SUM(k)", ColumnType.NEWDECIMAL, 63, 0),
            column("COUNT(k)", ColumnType.LONGLONG), column("w1", ColumnType.VARCHAR),
            column("w2", ColumnType.VARCHAR));

    private static RowSource aggregate(RowSource input) {
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.COUNT, 1),
                AggregateColumn.of(Function.SUM, 2),
                new AggregateColumn(Function.AVG, 3, 5, 6, Columns.NONE),
                new AggregateColumn(Function.MIN, 4, Columns.NONE, Columns.NONE, 7));
        Accumulator[] accumulators = specs.stream().map(a -> Accumulator.of(a, COLUMNS)).toArray(Accumulator[]::new);
        return new AggregateOperator(RowComparator.of(List.of(new SortKey(0, 8, false)), COLUMNS), accumulators,
                COLUMNS.size(), input, UnpooledByteBufAllocator.DEFAULT);
    }

    @Test
    void combinesEachGroupsNodeRowsWithMySqlsTypesAndNulls() {
        FakeShard rows = new FakeShard(0).send(
                row("1", "2", "1.50", "1.0000", "b", "3", "2", "utf8mb4_general_ci:B", null),
                row("1", "1", null, null, null, null, "0", null, null),
                row("1", "4", "2.25", "2.5000", "a", "10", "4", "utf8mb4_general_ci:A", null),
                row("2", "0", null, null, null, null, "0", null, null)).complete();
        List<List<String>> out = drain(aggregate(new ConcatOperator(List.of(rows))));
        assertThat(out).containsExactly(
                Arrays.asList("1", "7", "3.75", "2.1667", "a", "3", "2", "utf8mb4_general_ci:A", null),
                Arrays.asList("2", "0", null, null, null, null, "0", null, null));
    }

    @Test
    void waitsForTheNextGroupOrTheEndBeforeEmittingAGroup() {
        FakeShard rows = new FakeShard(0).send(row("1", "2", "1.00", "1.0000", "x", "1", "1", "utf8mb4_general_ci:X", null));
        RowSource aggregate = aggregate(new ConcatOperator(List.of(rows)));
        assertThat(aggregate.next()).isNull();
        rows.send(row("1", "3", "1.00", "1.0000", "x", "1", "1", "utf8mb4_general_ci:X", null)).complete();
        assertThat(drain(aggregate)).extracting(r -> r.get(1)).containsExactly("5");
        assertThat(aggregate.isDone()).isTrue();
    }
}
