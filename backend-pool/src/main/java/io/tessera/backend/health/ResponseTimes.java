package io.tessera.backend.health;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The answered heartbeats of the last 30 minutes: the 1, 10 and 30 minute means that {@code show @@heartbeat} prints
 * as EXECUTE_TIME, and the samples {@code show @@heartbeat.detail} lists. One entry per check (180 at MyCat's 10 s
 * period), at most {@value #MAX_SAMPLES}, so a very short period cannot grow it without bound. Written on one event
 * loop; {@link #samples()} may be read from any thread.
 */
final class ResponseTimes {

    static final long MINUTE = 60_000;
    static final int MAX_SAMPLES = 2048;
    private static final long WINDOW = 30 * MINUTE;

    private final ConcurrentLinkedDeque<HeartbeatSample> samples = new ConcurrentLinkedDeque<>(); // oldest first
    private int size; // event loop only: ConcurrentLinkedDeque.size() walks the whole deque

    void add(long nowMillis, long roundTripMillis, long secondsBehind) {
        samples.addLast(new HeartbeatSample(nowMillis, roundTripMillis, secondsBehind));
        size++;
        HeartbeatSample oldest = samples.peekFirst();
        while (oldest != null && (oldest.atMillis() <= nowMillis - WINDOW || size > MAX_SAMPLES)) {
            samples.pollFirst();
            size--;
            oldest = samples.peekFirst();
        }
    }

    /** Mean round trip of the checks that ended in the last {@code windowMillis}; 0 when none did. */
    long mean(long nowMillis, long windowMillis) {
        long sum = 0;
        int count = 0;
        for (HeartbeatSample sample : samples) {
            if (sample.atMillis() > nowMillis - windowMillis) {
                sum += sample.roundTripMillis();
                count++;
            }
        }
        return count == 0 ? 0 : sum / count;
    }

    /** The samples of the last 30 minutes, oldest first; any thread. */
    List<HeartbeatSample> samples() {
        return List.copyOf(samples);
    }
}
