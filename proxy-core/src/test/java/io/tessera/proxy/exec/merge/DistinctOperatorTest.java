package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DistinctOperatorTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final int BINARY = 63;

    // k BIGINT, b VARBINARY, s VARCHAR utf8mb4_general_ci, hidden: WEIGHT_STRING(s) as collation:weight
    private static final List<ColumnDefinition41> COLUMNS = List.of(column("k", ColumnType.LONGLONG),
            column("b", ColumnType.VAR_STRING, BINARY, 0), column("s", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0),
            column("w", ColumnType.VAR_STRING, BINARY, 0));

    private static final RowComparator BY_K = RowComparator.of(List.of(SortKey.asc(0)), COLUMNS);
    private static final RowComparator BY_K_AND_B = RowComparator.of(List.of(SortKey.asc(0), SortKey.asc(1)),
            COLUMNS);

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    private Row row(String k, String b) {
        return alloc.row(k, b, null, null);
    }

    private static List<List<String>> keysAndNodes(List<List<String>> rows) {
        return rows.stream().map(r -> r.subList(0, 2)).toList();
    }

    /** Every row of a distinct over a finished input; being done, it lets go of the row it kept. */
    private static List<List<String>> drainAll(RowSource distinct) {
        List<List<String>> rows = drain(distinct);
        assertThat(distinct.isDone()).isTrue();
        return rows;
    }

    @Test
    void aRowRepeatedOnSeveralNodesComesOnceAsTheFirstNodeSentIt() {
        FakeShard a = new FakeShard(0).send(row("1", "a"), row("2", "a"), row("3", "a")).complete();
        FakeShard b = new FakeShard(1).send(row("2", "b"), row("3", "b"), row("4", "b")).complete();
        FakeShard c = new FakeShard(2).send(row("3", "c")).complete();
        RowSource distinct = new DistinctOperator(BY_K, new OrderedMergeOperator(List.of(a, b, c), BY_K));

        assertThat(keysAndNodes(drain(distinct))).containsExactly(List.of("1", "a"), List.of("2", "a"),
                List.of("3", "a"), List.of("4", "b"));
        assertThat(distinct.isDone()).isTrue();
    }

    @Test
    void aLongRunOfDuplicatesIsOneRow() {
        FakeShard shard = new FakeShard(0).send(row("7", "x"), row("7", "y"), row("7", "z"), row("7", "w"),
                row("8", "x"), row("8", "y")).complete();

        assertThat(keysAndNodes(drainAll(new DistinctOperator(BY_K, new ConcatOperator(List.of(shard))))))
                .containsExactly(List.of("7", "x"), List.of("8", "x"));
    }

    @Test
    void nullsAreDuplicatesOfEachOtherAsInMysql() {
        FakeShard a = new FakeShard(0).send(row(null, "a"), row("1", "a")).complete();
        FakeShard b = new FakeShard(1).send(row(null, "b"), row(null, "b"), row("1", "b")).complete();

        assertThat(keysAndNodes(drainAll(new DistinctOperator(BY_K, new OrderedMergeOperator(List.of(a, b), BY_K)))))
                .containsExactly(Arrays.asList(null, "a"), List.of("1", "a"));
    }

    @Test
    void rowsAreDuplicatesOnlyWhenEveryKeyIsEqual() {
        FakeShard a = new FakeShard(0).send(row("1", "x"), row("1", "y"), row("2", "x")).complete();
        FakeShard b = new FakeShard(1).send(row("1", "x"), row("1", "y"), row("1", "z"), row("2", null))
                .complete();

        assertThat(keysAndNodes(drainAll(new DistinctOperator(BY_K_AND_B,
                new OrderedMergeOperator(List.of(a, b), BY_K_AND_B))))).containsExactly(List.of("1", "x"),
                        List.of("1", "y"), List.of("1", "z"), Arrays.asList("2", null), List.of("2", "x"));
    }

    @Test
    void stringsEqualUnderTheCollationAreDuplicatesTrailingSpacesIncluded() {
        RowComparator byS = RowComparator.of(List.of(new SortKey(2, 3, false)), COLUMNS);
        FakeShard a = new FakeShard(0).send(alloc.row("1", null, "a", "utf8mb4_general_ci:\u0000A"),
                alloc.row("2", null, "b", "utf8mb4_general_ci:\u0000B")).complete();
        FakeShard b = new FakeShard(1).send(alloc.row("3", null, "A", "utf8mb4_general_ci:\u0000A"),
                alloc.row("4", null, "a ", "utf8mb4_general_ci:\u0000A\u0000 "),
                alloc.row("5", null, "B\t", "utf8mb4_general_ci:\u0000B\u0000\t")).complete();

        List<String> kept = drainAll(new DistinctOperator(byS, new OrderedMergeOperator(List.of(a, b), byS))).stream()
                .map(r -> r.get(2)).toList();

        assertThat(kept).containsExactly("a", "B\t", "b"); // 'b\t' < 'b' under PAD SPACE: not a duplicate
    }

    @Test
    void remembersTheLastRowWhileTheInputWaitsForMore() {
        FakeShard shard = new FakeShard(0);
        DistinctOperator distinct = new DistinctOperator(BY_K, new ConcatOperator(List.of(shard)));

        shard.send(row("1", "first"));
        assertThat(keysAndNodes(drain(distinct))).containsExactly(List.of("1", "first"));
        assertThat(distinct.isDone()).isFalse();
        shard.send(row("1", "again"), row("2", "next"));
        assertThat(keysAndNodes(drain(distinct))).containsExactly(List.of("2", "next"));
        shard.send(row("2", "again")).complete();
        assertThat(drain(distinct)).isEmpty();
        assertThat(distinct.isDone()).isTrue();             // and lets go of the last row
    }

    @Test
    void discardLetsGoOfTheLastRowAndGoesDownToTheInput() {
        FakeShard shard = new FakeShard(0).send(row("1", "a"), row("2", "a"));
        boolean[] discarded = new boolean[1];
        ConcatOperator concat = new ConcatOperator(List.of(shard));
        RowSource input = new RowSource() {
            @Override
            public Row next() {
                return concat.next();
            }

            @Override
            public boolean isDone() {
                return concat.isDone();
            }

            @Override
            public void discard() {
                discarded[0] = true;
            }
        };
        DistinctOperator distinct = new DistinctOperator(BY_K, input);

        assertThat(TestRows.values(distinct.next())).containsExactly("1", "a", null, null);
        distinct.discard();

        assertThat(discarded[0]).isTrue();
        shard.poll().release();                             // what ShardInput.stop does with the node's rest
    }
}
