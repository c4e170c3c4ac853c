package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.drain;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConcatOperatorTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    @Test
    void takesOneRowFromEachNodeInTurnSoNoNodeWaitsBehindALongOne() {
        FakeShard a = new FakeShard(0).send(alloc.row("a1"), alloc.row("a2"), alloc.row("a3")).complete();
        FakeShard b = new FakeShard(1).send(alloc.row("b1")).complete();
        FakeShard c = new FakeShard(2).complete();
        FakeShard d = new FakeShard(3).send(alloc.row("d1"), alloc.row("d2")).complete();

        assertThat(drain(new ConcatOperator(List.of(a, b, c, d)))).containsExactly(List.of("a1"), List.of("b1"),
                List.of("d1"), List.of("a2"), List.of("d2"), List.of("a3"));
    }

    @Test
    void passesOnWhatHasArrivedAndIsDoneOnlyWhenEveryNodeIsDrained() {
        FakeShard a = new FakeShard(0);
        FakeShard b = new FakeShard(1);
        ConcatOperator concat = new ConcatOperator(List.of(a, b));

        assertThat(concat.next()).isNull();
        assertThat(concat.isDone()).isFalse();

        b.send(alloc.row("b1"), alloc.row("b2"));           // b first: no order is waited for
        assertThat(drain(concat)).containsExactly(List.of("b1"), List.of("b2"));
        b.complete();
        assertThat(concat.isDone()).isFalse();               // a has not ended

        a.send(alloc.row("a1")).complete();
        assertThat(concat.isDone()).isFalse();               // a's row is still buffered
        assertThat(drain(concat)).containsExactly(List.of("a1"));
        assertThat(concat.isDone()).isTrue();
    }

    @Test
    void nodesWithoutRowsGiveAnEmptyResult() {
        ConcatOperator concat = new ConcatOperator(List.of(new FakeShard(0).complete(), new FakeShard(1).complete()));

        assertThat(concat.next()).isNull();
        assertThat(concat.isDone()).isTrue();
    }

    @Test
    void keepsEveryRowOfEveryNodeDuplicatesAndNullsIncluded() {
        FakeShard a = new FakeShard(0).send(alloc.row("1", null), alloc.row("1", null)).complete();
        FakeShard b = new FakeShard(1).send(alloc.row("1", null)).complete();

        assertThat(drain(new ConcatOperator(List.of(a, b)))).hasSize(3)
                .allSatisfy(r -> assertThat(r).containsExactly("1", null));
    }
}
