package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class BlockSequenceTest {

    /** Records each reservation asked for and lets the test complete it. */
    private final List<Integer> asked = new ArrayList<>();
    private final List<CompletableFuture<BlockSequence.Block>> pending = new ArrayList<>();
    private final BlockSequence sequence = new BlockSequence(count -> {
        asked.add(count);
        CompletableFuture<BlockSequence.Block> block = new CompletableFuture<>();
        pending.add(block);
        return block;
    });

    @Test
    void callersQueueBehindOneReservationAndGetConsecutiveIdsInArrivalOrder() {
        CompletableFuture<Long> a = sequence.next(1);
        CompletableFuture<Long> b = sequence.next(3);
        CompletableFuture<Long> c = sequence.next(1);

        assertThat(asked).containsExactly(1);
        assertThat(a).isNotDone();
        pending.get(0).complete(new BlockSequence.Block(101, 110));

        assertThat(a).isCompletedWithValue(101L);
        assertThat(b).isCompletedWithValue(102L);
        assertThat(c).isCompletedWithValue(105L);
        assertThat(sequence.next(5)).isCompletedWithValue(106L);
        assertThat(asked).containsExactly(1);
    }

    @Test
    void aCountLargerThanWhatIsLeftSkipsTheRestAndReservesForTheHeadOfTheQueue() {
        sequence.next(1);
        pending.get(0).complete(new BlockSequence.Block(1, 3));
        CompletableFuture<Long> big = sequence.next(5);
        CompletableFuture<Long> small = sequence.next(1);   // waits behind big, though ids 2..3 are left

        assertThat(asked).containsExactly(1, 5);
        pending.get(1).complete(new BlockSequence.Block(11, 15));
        assertThat(big).isCompletedWithValue(11L);
        assertThat(small).isNotDone();                      // block used up: one more reservation, for small only
        assertThat(asked).containsExactly(1, 5, 1);
        pending.get(2).complete(new BlockSequence.Block(21, 30));
        assertThat(small).isCompletedWithValue(21L);
    }

    @Test
    void aFailedReservationFailsEveryWaiterAndTheNextCallTriesAgain() {
        CompletableFuture<Long> a = sequence.next(1);
        CompletableFuture<Long> b = sequence.next(1);
        pending.get(0).completeExceptionally(ErrorCode.SEQUENCE_RUN_OUT.exception("GLOBAL", "MAXID 10 reached"));

        assertThat(a).isCompletedExceptionally();
        assertThat(b).isCompletedExceptionally();
        assertThatThrownBy(a::join).cause().hasMessage("Sequence 'GLOBAL' has run out: MAXID 10 reached");
        CompletableFuture<Long> c = sequence.next(1);
        assertThat(asked).containsExactly(1, 1);
        pending.get(1).complete(new BlockSequence.Block(7, 7));
        assertThat(c).isCompletedWithValue(7L);
    }
}
