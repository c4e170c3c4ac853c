package io.tessera.backend.health;

import java.util.ArrayDeque;

/**
 * Heartbeat round trips of the last 30 minutes, for the 1, 10 and 30 minute means that {@code show @@heartbeat}
 * prints as EXECUTE_TIME. Holds one entry per check (180 at MyCat's 10 s period). Used on one event loop.
 */
final class ResponseTimes {

    static final long MINUTE = 60_000;
    private static final long WINDOW = 30 * MINUTE;

    private final ArrayDeque<long[]> samples = new ArrayDeque<>(); // {finished at, round trip}, oldest first

    void add(long nowMillis, long roundTripMillis) {
        samples.addLast(new long[] {nowMillis, roundTripMillis});
        while (!samples.isEmpty() && samples.peekFirst()[0] <= nowMillis - WINDOW) {
            samples.pollFirst();
        }
    }

    /** Mean round trip of the checks that ended in the last {@code windowMillis}; 0 when none did. */
    long mean(long nowMillis, long windowMillis) {
        long sum = 0;
        int count = 0;
        for (long[] sample : samples) {
            if (sample[0] > nowMillis - windowMillis) {
                sum += sample[1];
                count++;
            }
        }
        return count == 0 ? 0 : sum / count;
    }
}
