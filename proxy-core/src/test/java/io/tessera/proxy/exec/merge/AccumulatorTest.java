package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.AggregateColumn.Function;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The accumulators, run as the merge runs them: inside an {@link AggregateOperator}, one group after another. */
class AccumulatorTest {

    private static final int UTF8MB4_GENERAL_CI = 45;

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    /** One group of all rows (no GROUP BY) over the rows of {@code shards} in turn. */
    private AggregateOperator aggregate(List<ColumnDefinition41> columns, List<AggregateColumn> specs,
            FakeShard... shards) {
        return aggregate(null, columns, specs, new ConcatOperator(List.of(shards)));
    }

    private AggregateOperator aggregate(RowComparator groups, List<ColumnDefinition41> columns,
            List<AggregateColumn> specs, RowSource input) {
        Accumulator[] accumulators = specs.stream().map(a -> Accumulator.of(a, columns)).toArray(Accumulator[]::new);
        return new AggregateOperator(groups, accumulators, columns.size(), input, alloc);
    }

    private FakeShard shard(int index, String[]... rows) {
        FakeShard shard = new FakeShard(index);
        for (String[] values : rows) {
            shard.send(alloc.row(values));
        }
        return shard.complete();
    }

    private static String[] r(String... values) {
        return values;
    }

    @Test
    void minAndMaxCompareNumbersAsNumbersAndSkipNulls() {
        List<ColumnDefinition41> columns = List.of(column("min(n)", ColumnType.LONG), column("max(n)", ColumnType.LONG),
                column("min(t)", ColumnType.TIME), column("max(t)", ColumnType.TIME));
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.MIN, 0), AggregateColumn.of(Function.MAX, 1),
                AggregateColumn.of(Function.MIN, 2), AggregateColumn.of(Function.MAX, 3));

        assertThat(drain(aggregate(columns, specs, shard(0, r("9", "9", "-09:00:00", "09:00:00")),
                shard(1, r(null, null, null, null)), shard(2, r("10", "10", "-10:00:00", "100:00:00")),
                shard(3, r("-3", "-3", "00:00:00", "99:00:00"))))).containsExactly(
                        List.of("-3", "10", "-10:00:00", "100:00:00"));
    }

    @Test
    void minAndMaxOfNothingButNullsAreNull() {
        List<ColumnDefinition41> columns = List.of(column("min(n)", ColumnType.LONG),
                column("max(n)", ColumnType.LONG));
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.MIN, 0), AggregateColumn.of(Function.MAX, 1));

        assertThat(drain(aggregate(columns, specs, shard(0, r(null, null)), shard(1, r(null, null)))))
                .containsExactly(Arrays.asList(null, null));
    }

    @Test
    void maxOfStringsGoesByTheirWeightsAndWritesValueAndWeightOfTheSameRow() {
        // max(s), WEIGHT_STRING(max(s)) under utf8mb4_general_ci, and a column no aggregate writes
        List<ColumnDefinition41> columns = List.of(column("max(s)", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0),
                column("w", ColumnType.VAR_STRING), column("x", ColumnType.LONG));
        List<AggregateColumn> specs = List.of(new AggregateColumn(Function.MAX, 0, Columns.NONE, Columns.NONE, 1));

        assertThat(drain(aggregate(columns, specs, shard(0, r("a", "utf8mb4_general_ci:\u0000A", "1")),
                shard(1, r("B", "utf8mb4_general_ci:\u0000B", "2")),
                shard(2, r("b ", "utf8mb4_general_ci:\u0000B\u0000 ", "3")),   // equal to 'B' under PAD SPACE
                shard(3, r("A", "utf8mb4_general_ci:\u0000A", "4")))))
                .containsExactly(List.of("B", "utf8mb4_general_ci:\u0000B", "1")); // x: the first row's
    }

    @Test
    void sumsOfIntegersAndDecimalsAreExactWithTheColumnsScale() {
        List<ColumnDefinition41> columns = List.of(column("sum(i)", ColumnType.NEWDECIMAL, 63, 0),
                column("sum(d)", ColumnType.NEWDECIMAL, 63, 2));
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.SUM, 0), AggregateColumn.of(Function.SUM, 1));

        assertThat(drain(aggregate(columns, specs, shard(0, r("9223372036854775807", "1.10")),
                shard(1, r("9223372036854775807", "-3.25")), shard(2, r(null, "0.00")))))
                .containsExactly(List.of("18446744073709551614", "-2.15"));
    }

    @Test
    void sumsAndAveragesOfDoublesAreWrittenAsMariaDbWritesADouble() {
        // sum(f), avg(f), hidden: SUM(f), COUNT(f)
        List<ColumnDefinition41> columns = List.of(column("sum(f)", ColumnType.DOUBLE, 63, 31),
                column("avg(f)", ColumnType.DOUBLE, 63, 31), column("SUM(f)", ColumnType.DOUBLE, 63, 31),
                column("COUNT(f)", ColumnType.LONGLONG));
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.SUM, 0),
                new AggregateColumn(Function.AVG, 1, 2, 3, Columns.NONE));

        assertThat(drain(aggregate(columns, specs, shard(0, r("0.1", "0.1", "0.1", "1")),
                shard(1, r("0.2", "0.1", "0.2", "2"))))).containsExactly(
                        List.of("0.30000000000000004", "0.10000000000000002", "0.1", "1")); // hidden: first row's
        assertThat(drain(aggregate(columns, specs, shard(0, r("1e15", "1e15", "1e15", "1")),
                shard(1, r("5e14", "5e14", "5e14", "1"))))).containsExactly(
                        List.of("1.5e15", "750000000000000", "1e15", "1"));
    }

    @Test
    void averagesAreTheSumOfSumsOverTheSumOfCountsRoundedHalfUpToTheColumnsScale() {
        // avg(k) DECIMAL(14,4), hidden: SUM(k), COUNT(k)
        List<ColumnDefinition41> columns = List.of(column("avg(k)", ColumnType.NEWDECIMAL, 63, 4),
                column("SUM(k)", ColumnType.NEWDECIMAL, 63, 0), column("COUNT(k)", ColumnType.LONGLONG));
        List<AggregateColumn> specs = List.of(new AggregateColumn(Function.AVG, 0, 1, 2, Columns.NONE));

        assertThat(drain(aggregate(columns, specs, shard(0, r("1.0000", "1", "1")), shard(1, r("0.5000", "1", "2")))))
                .containsExactly(List.of("0.6667", "1", "1"));   // not the average of the averages (0.75)
        assertThat(drain(aggregate(columns, specs, shard(0, r("-1.0000", "-1", "1")),
                shard(1, r("-0.5000", "-1", "2"))))).containsExactly(List.of("-0.6667", "-1", "1"));
    }

    @Test
    void countsAddUpAndNothingSumsToNullButCountsToZero() {
        // count(x), sum(x), avg(x), hidden: SUM(x), COUNT(x): no node had a non-NULL x
        List<ColumnDefinition41> columns = List.of(column("count(x)", ColumnType.LONGLONG),
                column("sum(x)", ColumnType.NEWDECIMAL, 63, 0), column("avg(x)", ColumnType.NEWDECIMAL, 63, 4),
                column("SUM(x)", ColumnType.NEWDECIMAL, 63, 0), column("COUNT(x)", ColumnType.LONGLONG));
        List<AggregateColumn> specs = List.of(AggregateColumn.of(Function.COUNT, 0),
                AggregateColumn.of(Function.SUM, 1), new AggregateColumn(Function.AVG, 2, 3, 4, Columns.NONE));

        assertThat(drain(aggregate(columns, specs, shard(0, r("0", null, null, null, "0")),
                shard(1, r("0", null, null, null, "0"))))).containsExactly(Arrays.asList("0", null, null, null, "0"));
    }

    @Test
    void groupsAreRunsOfEqualKeysStringsEqualUnderTheCollationAndNullsIncluded() {
        // g, count(*), hidden: WEIGHT_STRING(g); the nodes' groups arrive merged in key order
        List<ColumnDefinition41> columns = List.of(column("g", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0),
                column("count(*)", ColumnType.LONGLONG), column("w", ColumnType.VAR_STRING));
        RowComparator byG = RowComparator.of(List.of(new SortKey(0, 2, false)), columns);
        FakeShard a = shard(0, r(null, "1", null), r("a", "2", "utf8mb4_general_ci:\u0000A"),
                r("b", "3", "utf8mb4_general_ci:\u0000B"));
        FakeShard b = shard(1, r(null, "10", null), r("A ", "20", "utf8mb4_general_ci:\u0000A\u0000 "),
                r("c", "30", "utf8mb4_general_ci:\u0000C"));

        assertThat(drain(aggregate(byG, columns, List.of(AggregateColumn.of(Function.COUNT, 1)),
                new OrderedMergeOperator(List.of(a, b), byG)))).containsExactly(
                        Arrays.asList(null, "11", null), List.of("a", "22", "utf8mb4_general_ci:\u0000A"),
                        List.of("b", "3", "utf8mb4_general_ci:\u0000B"),
                        List.of("c", "30", "utf8mb4_general_ci:\u0000C"));
    }

    @Test
    void discardInTheMiddleOfAGroupLetsGoOfTheRowsItKept() {
        List<ColumnDefinition41> columns = List.of(column("g", ColumnType.LONG), column("max(n)", ColumnType.LONG));
        RowComparator byG = RowComparator.of(List.of(SortKey.asc(0)), columns);
        FakeShard shard = new FakeShard(0).send(alloc.row("1", "5"), alloc.row("1", "7"), alloc.row("2", "1"));
        AggregateOperator aggregate = aggregate(byG, columns, List.of(AggregateColumn.of(Function.MAX, 1)),
                new ConcatOperator(List.of(shard)));

        assertThat(drain(aggregate)).containsExactly(List.of("1", "7"));  // group 2 may have more rows to come
        assertThat(aggregate.isDone()).isFalse();
        aggregate.discard();                                                // group 2's first row and its MAX
    }
}
