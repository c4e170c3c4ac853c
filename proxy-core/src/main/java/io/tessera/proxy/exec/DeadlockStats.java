package io.tessera.proxy.exec;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the deadlock detector has found since the start ({@code show @@deadlock}, the metrics): cycles of lock waits
 * across data nodes, the victims killed to break them, and how long a cycle lasted before it was seen. Thread-safe.
 */
public final class DeadlockStats {

    private final LongAdder detected = new LongAdder();
    private final LongAdder victims = new LongAdder();
    private final LongAccumulator maxDetectMillis = new LongAccumulator(Math::max, 0);
    private volatile long lastDetectMillis;

    /** A cycle was found {@code detectMillis} after its last member began to wait. */
    void detected(long detectMillis) {
        detected.increment();
        lastDetectMillis = detectMillis;
        maxDetectMillis.accumulate(detectMillis);
    }

    /** A victim's waiting statement was killed. */
    void victim() {
        victims.increment();
    }

    public long detected() {
        return detected.sum();
    }

    public long victims() {
        return victims.sum();
    }

    public long lastDetectMillis() {
        return lastDetectMillis;
    }

    public long maxDetectMillis() {
        return maxDetectMillis.get();
    }
}
