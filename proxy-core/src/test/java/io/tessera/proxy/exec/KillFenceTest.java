package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class KillFenceTest {

    private final RecordingBackend backend = new RecordingBackend(7, new EmbeddedChannel().eventLoop());
    private final RecordingBackend other = new RecordingBackend(8, new EmbeddedChannel().eventLoop());

    @Test
    void withoutAKillAConnectionGoesBackAtOnce() {
        assertThat(KillFence.pending(backend)).isNull();
        assertThat(KillFence.pending(List.of(backend, other))).isNull();

        KillFence.release(backend);

        assertThat(backend.released()).isEqualTo(1);
    }

    @Test
    void aConnectionWhoseKillIsUnderWayGoesBackOnlyOnceItIsAnswered() {
        CompletableFuture<Void> kill = new CompletableFuture<>();
        KillFence.raise(backend, kill);

        KillFence.release(backend);

        assertThat(backend.released()).isZero();
        assertThat(KillFence.pending(List.of(other, backend))).isNotDone();
        kill.complete(null);
        assertThat(backend.released()).isEqualTo(1);
        assertThat(KillFence.pending(backend)).isNull();
    }

    @Test
    void aFailedKillLowersTheFenceToo() {
        CompletableFuture<Void> kill = new CompletableFuture<>();
        KillFence.raise(backend, kill);
        CompletableFuture<Void> waited = KillFence.pending(backend);

        kill.completeExceptionally(new IllegalStateException("no connection for the KILL"));

        assertThat(waited).isCompleted();
        assertThat(KillFence.pending(backend)).isNull();
    }

    @Test
    void theFenceWaitsForEveryConnectionWithAKillUnderWay() {
        CompletableFuture<Void> first = new CompletableFuture<>();
        CompletableFuture<Void> second = new CompletableFuture<>();
        KillFence.raise(backend, first);
        KillFence.raise(other, second);
        CompletableFuture<Void> both = KillFence.pending(List.of(backend, other));

        first.complete(null);
        assertThat(both).isNotDone();
        second.complete(null);
        assertThat(both).isCompleted();
    }
}
