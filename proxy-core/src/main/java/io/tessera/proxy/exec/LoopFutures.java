package io.tessera.proxy.exec;

import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Continuations that must run on a session's event loop. When the future is already complete and the caller is
 * on that loop (the usual case: an idle pooled connection), they run at once instead of taking a trip through
 * the loop's task queue.
 */
final class LoopFutures {

    private LoopFutures() {
    }

    static <T> void whenComplete(EventLoop loop, CompletableFuture<T> future, BiConsumer<? super T, Throwable> action) {
        if (future.isDone() && loop.inEventLoop()) {
            T value;
            try {
                value = future.join();
            } catch (RuntimeException e) {
                action.accept(null, e);
                return;
            }
            action.accept(value, null);
        } else {
            future.whenCompleteAsync(action, loop);
        }
    }

    static <T, U> CompletableFuture<U> thenCompose(EventLoop loop, CompletableFuture<T> future,
            Function<? super T, ? extends CompletableFuture<U>> next) {
        if (future.isDone() && loop.inEventLoop() && !future.isCompletedExceptionally()) {
            return next.apply(future.join());
        }
        return future.thenComposeAsync(next, loop);
    }

    static <T, U> CompletableFuture<U> handle(EventLoop loop, CompletableFuture<T> future,
            BiFunction<? super T, Throwable, ? extends U> handler) {
        if (future.isDone() && loop.inEventLoop()) {
            T value;
            try {
                value = future.join();
            } catch (RuntimeException e) {
                return apply(handler, null, e);
            }
            return apply(handler, value, null);
        }
        return future.handleAsync(handler, loop);
    }

    private static <T, U> CompletableFuture<U> apply(BiFunction<? super T, Throwable, ? extends U> handler, T value,
            Throwable error) {
        try {
            return CompletableFuture.completedFuture(handler.apply(value, error));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@code future}, completing on {@code loop} (at once when it is already done and the caller is on the loop). */
    static <T> CompletableFuture<T> onLoop(EventLoop loop, CompletableFuture<T> future) {
        if (future.isDone() && loop.inEventLoop()) {
            return future;
        }
        return future.whenCompleteAsync((r, e) -> { }, loop);
    }
}
