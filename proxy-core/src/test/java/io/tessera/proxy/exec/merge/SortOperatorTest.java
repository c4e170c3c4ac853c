package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SortOperatorTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final long NO_LIMIT = Long.MAX_VALUE;

    // g VARCHAR, c BIGINT (say COUNT(*)), d DECIMAL(10,2), hidden: WEIGHT_STRING(g) as collation:weight
    private static final List<ColumnDefinition41> COLUMNS = List.of(
            column("g", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0), column("c", ColumnType.LONGLONG),
            column("d", ColumnType.NEWDECIMAL, 63, 2), column("w", ColumnType.VAR_STRING));

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    private static RowComparator order(SortKey... keys) {
        return RowComparator.of(List.of(keys), COLUMNS);
    }

    private Row row(String g, String c, String d) {
        return alloc.row(g, c, d, g == null ? null : "utf8mb4_general_ci:" + g.toUpperCase());
    }

    private static List<String> groups(List<List<String>> rows) {
        return rows.stream().map(r -> r.get(0)).toList();
    }

    @Test
    void sortsEveryNodesRowsByValueNotByText() {
        FakeShard a = new FakeShard(0).send(row("a", "10", "1.00"), row("b", "9", "1.00")).complete();
        FakeShard b = new FakeShard(1).send(row("c", "100", "1.00"), row("d", "-1", "1.00")).complete();

        RowSource sort = new SortOperator(order(SortKey.asc(1)), new ConcatOperator(List.of(a, b)),
                new MergeBudget(NO_LIMIT));

        assertThat(drain(sort)).containsExactly(List.of("d", "-1", "1.00", "utf8mb4_general_ci:D"),
                List.of("b", "9", "1.00", "utf8mb4_general_ci:B"), List.of("a", "10", "1.00", "utf8mb4_general_ci:A"),
                List.of("c", "100", "1.00", "utf8mb4_general_ci:C"));
        assertThat(sort.isDone()).isTrue();
    }

    @Test
    void givesNothingUntilTheInputIsDoneButReadsWhatArrives() {
        FakeShard a = new FakeShard(0);
        SortOperator sort = new SortOperator(order(SortKey.asc(1)), new ConcatOperator(List.of(a)),
                new MergeBudget(NO_LIMIT));

        a.send(row("x", "3", "0.00"), row("y", "1", "0.00"));
        assertThat(sort.next()).isNull();                   // a smaller row may still come
        assertThat(sort.isDone()).isFalse();
        assertThat(a.peek()).isNull();                      // the rows were taken into the sort
        a.send(row("z", "2", "0.00")).complete();

        assertThat(groups(drain(sort))).containsExactly("y", "z", "x");
        assertThat(sort.isDone()).isTrue();
    }

    @Test
    void isStableSoRowsEqualOnTheKeysKeepTheirInputOrder() {
        FakeShard a = new FakeShard(0).send(row("a", "1", "0.00"), row("b", "2", "0.00"), row("c", "1", "0.00"),
                row("d", "2", "0.00"), row("e", "1", "0.00"), row("f", "0", "0.00")).complete();

        assertThat(groups(drain(new SortOperator(order(SortKey.asc(1)), new ConcatOperator(List.of(a)),
                new MergeBudget(NO_LIMIT))))).containsExactly("f", "a", "c", "e", "b", "d");
    }

    @Test
    void descendingPutsNullsLastAndAscendingFirst() {
        FakeShard a = new FakeShard(0).send(row("a", "1", "2.50"), row("b", "1", null), row("c", "1", "-3.00"),
                row("d", "1", "10.00")).complete();
        FakeShard b = new FakeShard(1).send(row("e", "1", "2.5"), row("f", "1", null)).complete();

        assertThat(groups(drain(new SortOperator(order(new SortKey(2, Columns.NONE, true)),
                new ConcatOperator(List.of(a, b)), new MergeBudget(NO_LIMIT)))))
                .containsExactly("d", "a", "e", "c", "b", "f");

        FakeShard c = new FakeShard(0).send(row("a", "1", "2.50"), row("b", "1", null), row("c", "1", "-3.00"))
                .complete();
        assertThat(groups(drain(new SortOperator(order(SortKey.asc(2)), new ConcatOperator(List.of(c)),
                new MergeBudget(NO_LIMIT))))).containsExactly("b", "c", "a");
    }

    @Test
    void laterKeysBreakTiesOfEarlierOnesEachInItsOwnDirection() {
        // ORDER BY c DESC, g: strings by their collation's weights, so 'B' sorts between 'a' and 'c'
        FakeShard a = new FakeShard(0).send(row("c", "5", "0.00"), row("a", "5", "0.00"), row("z", "7", "0.00"))
                .complete();
        FakeShard b = new FakeShard(1).send(row("B", "5", "0.00"), row(null, "5", "0.00"), row("y", "1", "0.00"))
                .complete();

        assertThat(groups(drain(new SortOperator(order(new SortKey(1, Columns.NONE, true), new SortKey(0, 3, false)),
                new ConcatOperator(List.of(a, b)), new MergeBudget(NO_LIMIT)))))
                .containsExactly("z", null, "a", "B", "c", "y");
    }

    @Test
    void noRowsSortToNoRows() {
        SortOperator sort = new SortOperator(order(SortKey.asc(1)),
                new ConcatOperator(List.of(new FakeShard(0).complete(), new FakeShard(1).complete())),
                new MergeBudget(0));

        assertThat(sort.isDone()).isFalse();                // not known before it has looked
        assertThat(sort.next()).isNull();
        assertThat(sort.isDone()).isTrue();
    }

    @Test
    void failsWithOutOfSortMemoryBeyondTheBudgetAndDiscardReleasesWhatItHeld() {
        // each row of one 1-byte value is 4 header + 2 bytes, held in a buffer of its own
        FakeShard a = new FakeShard(0).send(alloc.row("1"), alloc.row("2"), alloc.row("3"), alloc.row("4"));
        SortOperator sort = new SortOperator(RowComparator.of(List.of(SortKey.asc(0)),
                List.of(column("n", ColumnType.LONG))), new ConcatOperator(List.of(a)), new MergeBudget(3 * 6 - 1));

        assertThatThrownBy(sort::next).isInstanceOfSatisfying(TesseraException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1038);
            assertThat(e.sqlState()).isEqualTo("HY001");
            assertThat(e.getMessage()).startsWith("sorting merged rows needs more than mergeMemoryLimit (17 bytes)");
        });
        assertThat(a.peek()).isNotNull();                   // the third row failed: the fourth was never read
        sort.discard();
        a.poll().release();                                 // what ShardInput.stop does with the node's rest
    }

    @Test
    void rowsUpToTheBudgetExactlyAreSortedAndTheBudgetIsFreedAsTheyGoOut() {
        MergeBudget budget = new MergeBudget(3 * 6);
        FakeShard a = new FakeShard(0).send(alloc.row("3"), alloc.row("1"), alloc.row("2")).complete();
        SortOperator sort = new SortOperator(RowComparator.of(List.of(SortKey.asc(0)),
                List.of(column("n", ColumnType.LONG))), new ConcatOperator(List.of(a)), budget);

        assertThat(drain(sort)).containsExactly(List.of("1"), List.of("2"), List.of("3"));
        budget.reserve(3 * 6, "the next sort");             // everything was given back
    }

    @Test
    void discardAfterSomeRowsWentOutReleasesTheRest() {
        FakeShard a = new FakeShard(0).send(row("a", "3", "0.00"), row("b", "1", "0.00"), row("c", "2", "0.00"))
                .complete();
        SortOperator sort = new SortOperator(order(SortKey.asc(1)), new ConcatOperator(List.of(a)),
                new MergeBudget(NO_LIMIT));

        assertThat(TestRows.values(sort.next())).first().isEqualTo("b");
        sort.discard();
    }

    @Test
    void copiesEachRowOutOfTheBufferItArrivedIn() {
        Row arrived = row("a", "1", "0.00");
        FakeShard a = new FakeShard(0).send(arrived).complete();
        SortOperator sort = new SortOperator(order(SortKey.asc(1)), new ConcatOperator(List.of(a)),
                new MergeBudget(NO_LIMIT));

        Row sorted = sort.next();

        assertThat(arrived.buffer().refCnt()).isZero();     // a network buffer is not held for the whole sort
        assertThat(sorted.buffer().capacity()).isEqualTo(sorted.buffer().writerIndex());
        assertThat(TestRows.values(sorted)).containsExactly("a", "1", "0.00", "utf8mb4_general_ci:A");
    }
}
