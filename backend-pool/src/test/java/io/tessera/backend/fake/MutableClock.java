package io.tessera.backend.fake;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that tests move forward by hand. */
public final class MutableClock extends Clock {

    private final AtomicLong millis = new AtomicLong(1_000_000_000_000L);

    public void advance(Duration by) {
        millis.addAndGet(by.toMillis());
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a test clock has one zone");
    }
}
