package io.tessera.backend.fake;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition that other threads make true. */
public final class Eventually {

    private Eventually() {
    }

    /** Polls {@code condition} for up to 10 s; fails with {@code state}'s description if it never holds. */
    public static void await(BooleanSupplier condition, Supplier<Object> state) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10 s; state: " + state.get());
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
