package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimeSequencesTest {

    private static final long T0 = TimeSequences.EPOCH + 1_000_000;

    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private final AtomicLong clock = new AtomicLong(T0);
    private final TimeSequences sequences = new TimeSequences(3, 5, clock::get, blocking);

    @AfterEach
    void stop() {
        blocking.shutdownNow();
    }

    @Test
    void laysOutTimeDatacenterWorkerAndCounterAsMycat() {
        long id = sequences.next("GLOBAL", 1).join();

        assertThat(id >>> 22).isEqualTo(1_000_000L);
        assertThat((id >> 17) & 31).isEqualTo(5);
        assertThat((id >> 12) & 31).isEqualTo(3);
        assertThat(id & 4095).isZero();
        assertThat(sequences.next("GLOBAL", 4).join()).isEqualTo(id + 1);
        assertThat(sequences.next("ANY_NAME", 1).join()).isEqualTo(id + 5);
        assertThat(sequences.has("WHATEVER")).isTrue();
    }

    @Test
    void consecutiveIdsThatDoNotFitInTheMillisecondWaitForTheNext() throws Exception {
        long first = sequences.next("GLOBAL", 4000).join();
        CompletableFuture<Long> next = sequences.next("GLOBAL", 100);

        TimeUnit.MILLISECONDS.sleep(50);
        assertThat(next).isNotDone();
        clock.incrementAndGet();
        assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo(first + (1L << 22));
    }

    @Test
    void refusesMoreIdsThanOneMillisecondHas() {
        assertThatThrownBy(() -> sequences.next("GLOBAL", 4097).join()).cause()
                .isInstanceOf(TesseraException.class)
                .hasMessage("sequence GLOBAL: 4097 ids asked (expected: 1..4096 per statement with the time-based"
                        + " sequence handler)");
    }

    @Test
    void waitsForAClockThatWentBackALittleAndNeverRepeatsAnId() throws Exception {
        long before = sequences.next("GLOBAL", 1).join();
        clock.set(T0 - 2_000);
        CompletableFuture<Long> next = sequences.next("GLOBAL", 1);

        TimeUnit.MILLISECONDS.sleep(50);
        assertThat(next).isNotDone();
        clock.set(T0);
        assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo(before + 1);
    }

    @Test
    void failsWhenTheClockWentBackMoreThanFiveSeconds() {
        sequences.next("GLOBAL", 1).join();
        clock.set(T0 - 5_001);

        assertThatThrownBy(() -> sequences.next("TRAVELRECORD", 1).join()).cause()
                .isInstanceOf(TesseraException.class)
                .hasMessage("sequence TRAVELRECORD: the clock went back 5001 ms (expected: at most 5000 ms, which ids"
                        + " wait for)");
    }

    @Test
    void sixteenThreadsTakeDistinctIdsOnTheRealClock() {
        TimeSequences real = new TimeSequences(1, 1, System::currentTimeMillis, blocking);
        Set<Long> ids = ConcurrentIds.take(List.of(real), "GLOBAL", 16, 10_000);

        assertThat(ids).hasSize(160_000);
    }
}
