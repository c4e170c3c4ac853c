package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.drain;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LimitOperatorTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    private FakeShard numbers(int from, int to) {
        FakeShard shard = new FakeShard(0);
        for (int i = from; i <= to; i++) {
            shard.send(alloc.row(Integer.toString(i)));
        }
        return shard;
    }

    /** What the data nodes sent and the merge did not take: MergeExecution drops it through ShardInput.stop. */
    private static int dropRest(FakeShard shard) {
        int dropped = 0;
        Row row;
        while ((row = shard.poll()) != null) {
            row.release();
            dropped++;
        }
        return dropped;
    }

    @Test
    void skipsTheOffsetThenPassesOnCountRowsAndIsDoneWithoutTheRest() {
        FakeShard shard = numbers(1, 7);                    // not complete: the node would send more
        LimitOperator limit = new LimitOperator(2, 3, new ConcatOperator(List.of(shard)));

        assertThat(drain(limit)).containsExactly(List.of("3"), List.of("4"), List.of("5"));
        assertThat(limit.isDone()).isTrue();
        assertThat(dropRest(shard)).isEqualTo(2);           // 6 and 7 were never taken
    }

    @Test
    void countsTheOffsetAcrossRowsThatArriveInChunks() {
        FakeShard shard = new FakeShard(0);
        LimitOperator limit = new LimitOperator(3, 2, new ConcatOperator(List.of(shard)));

        shard.send(alloc.row("1"), alloc.row("2"));
        assertThat(limit.next()).isNull();                  // both skipped, one more to skip
        assertThat(limit.isDone()).isFalse();
        shard.send(alloc.row("3"), alloc.row("4"));
        assertThat(drain(limit)).containsExactly(List.of("4"));
        shard.send(alloc.row("5"), alloc.row("6"));
        assertThat(drain(limit)).containsExactly(List.of("5"));
        assertThat(limit.isDone()).isTrue();
        assertThat(dropRest(shard)).isEqualTo(1);
    }

    @Test
    void anOffsetBeyondTheRowsGivesNoRowsOnceTheInputIsDone() {
        FakeShard shard = numbers(1, 3);
        LimitOperator limit = new LimitOperator(5, 10, new ConcatOperator(List.of(shard)));

        assertThat(limit.next()).isNull();
        assertThat(limit.isDone()).isFalse();               // the node has not ended: it may send more
        shard.complete();
        assertThat(limit.next()).isNull();
        assertThat(limit.isDone()).isTrue();
    }

    @Test
    void anOffsetEqualToTheRowCountGivesNoRows() {
        FakeShard shard = numbers(1, 3).complete();
        LimitOperator limit = new LimitOperator(3, 1, new ConcatOperator(List.of(shard)));

        assertThat(drain(limit)).isEmpty();
        assertThat(limit.isDone()).isTrue();
    }

    @Test
    void limitZeroIsDoneAtOnceAndReadsNothing() {
        FakeShard shard = numbers(1, 2);
        LimitOperator limit = new LimitOperator(0, 0, new ConcatOperator(List.of(shard)));

        assertThat(limit.isDone()).isTrue();
        assertThat(limit.next()).isNull();
        assertThat(dropRest(shard)).isEqualTo(2);          // both rows still with the node
    }

    @Test
    void limitZeroWithAnOffsetSkipsNothing() {
        FakeShard shard = numbers(1, 2).complete();
        LimitOperator limit = new LimitOperator(1, 0, new ConcatOperator(List.of(shard)));

        assertThat(limit.next()).isNull();
        assertThat(limit.isDone()).isTrue();
        assertThat(dropRest(shard)).isEqualTo(2);
    }

    @Test
    void fewerRowsThanTheCountAreAllPassedOn() {
        FakeShard shard = numbers(1, 3).complete();
        LimitOperator limit = new LimitOperator(1, Long.MAX_VALUE, new ConcatOperator(List.of(shard)));

        assertThat(drain(limit)).containsExactly(List.of("2"), List.of("3"));
        assertThat(limit.isDone()).isTrue();
    }

    @Test
    void discardGoesDownToTheInput() {
        int[] discarded = new int[1];
        RowSource input = new RowSource() {
            @Override
            public Row next() {
                return null;
            }

            @Override
            public boolean isDone() {
                return false;
            }

            @Override
            public void discard() {
                discarded[0]++;
            }
        };

        new LimitOperator(0, 5, input).discard();

        assertThat(discarded[0]).isEqualTo(1);
    }
}
