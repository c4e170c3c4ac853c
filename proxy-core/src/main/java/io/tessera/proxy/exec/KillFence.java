package io.tessera.proxy.exec;

import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;

/**
 * A {@code KILL QUERY} sent for a connection's statement and not yet answered: until it is, the connection takes no
 * other command, neither the session's next statement nor another session's after a release. Otherwise a KILL that
 * arrives after its statement ended on its own would stop whatever the connection runs next.
 */
final class KillFence {

    private static final AttributeKey<CompletableFuture<Void>> PENDING = AttributeKey.valueOf("tessera.killPending");

    private KillFence() {
    }

    /**
     * {@code KILL QUERY} for the statement running on {@code backend}, sent over {@code killer} (another connection to
     * the same server, given back once answered); until it is answered, {@code backend} runs nothing else.
     */
    static CompletableFuture<Void> killQuery(BackendConnection backend, CompletableFuture<BackendConnection> killer) {
        CompletableFuture<Void> kill = killer.thenCompose(k -> k.query("KILL QUERY " + backend.connectionId())
                .whenComplete((r, e) -> k.release())).thenApply(r -> null);
        raise(backend, kill);
        return kill;
    }

    /** {@code kill} is under way for {@code backend}'s statement; the fence falls when it completes, either way. */
    static void raise(BackendConnection backend, CompletableFuture<Void> kill) {
        Attribute<CompletableFuture<Void>> pending = backend.attr(PENDING);
        CompletableFuture<Void> passed = kill.handle((r, error) -> null);
        pending.set(passed);
        passed.whenComplete((r, error) -> pending.compareAndSet(passed, null));
    }

    /** What to wait for before {@code backend} runs another command; {@code null} when nothing (no allocation). */
    static CompletableFuture<Void> pending(BackendConnection backend) {
        return backend.attr(PENDING).get();
    }

    /** The same for every connection of {@code backends}; {@code null} when none has a KILL under way. */
    static CompletableFuture<Void> pending(Collection<BackendConnection> backends) {
        CompletableFuture<Void> all = null;
        for (BackendConnection backend : backends) {
            CompletableFuture<Void> one = pending(backend);
            if (one != null) {
                all = all == null ? one : CompletableFuture.allOf(all, one);
            }
        }
        return all;
    }

    /** Gives {@code backend} back to its pool, once any KILL for it is done. */
    static void release(BackendConnection backend) {
        CompletableFuture<Void> pending = pending(backend);
        if (pending == null) {
            backend.release();
        } else {
            pending.whenComplete((r, error) -> backend.release());
        }
    }
}
