package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.BigResult;
import io.tessera.admin.SqlStatsView.Executed;
import io.tessera.admin.SqlStatsView.Frequent;
import io.tessera.admin.SqlStatsView.Large;
import io.tessera.admin.SqlStatsView.Slow;
import io.tessera.admin.SqlStatsView.UserSum;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * One user's statistics: MyCat's {@code UserStat} (its last statements, its slowest, its largest, its reads and
 * writes, its statements by text). The event loops that serve the user's connections update it at once: counts are
 * {@link LongAdder}s and the last statements a ring written without locks, so they do not wait for each other; only a
 * slow or large statement takes this object's lock, and each text its own.
 */
final class UserStats {

    /** Statements {@code show @@sql} keeps per user (MyCat's {@code UserSqlLastStat(50)}). */
    static final int RECENT = 50;

    /** Large SELECTs {@code show @@sql.large} keeps per user (MyCat's {@code UserSqlLargeStat(10)}). */
    static final int LARGEST = 10;

    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;

    private final String name;
    private final int slowKept;
    private final long bigResultBytes;
    private final TimeZone zone; // TimeZone.getDefault() copies the zone on every call: read it once
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger maxConcurrent = new AtomicInteger();
    private final AtomicLong recentCount = new AtomicLong(); // statements put in the ring since it was last cleared
    private final AtomicReferenceArray<Executed> recent = new AtomicReferenceArray<>(RECENT);
    private final List<Slow> slowest = new ArrayList<>(); // guarded by this
    private final List<Large> largest = new ArrayList<>(); // guarded by this
    private final Frequencies frequencies = new Frequencies();
    private final BigResults bigResults = new BigResults();
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder[] byTimeOfDay = adders();
    private final LongAdder[] byDuration = adders();
    private volatile long lastMillis;

    UserStats(String name, int slowKept, long bigResultBytes, TimeZone zone) {
        this.name = name;
        this.slowKept = slowKept;
        this.bigResultBytes = bigResultBytes;
        this.zone = zone;
    }

    String name() {
        return name;
    }

    /** A statement of this user starts: counts toward MAX, the most running at once. */
    void started() {
        int now = running.incrementAndGet();
        if (now > maxConcurrent.get()) {
            maxConcurrent.accumulateAndGet(now, Math::max);
        }
    }

    /** A statement that started did not end well: it is not counted. */
    void abandoned() {
        running.decrementAndGet();
    }

    /** A statement that started ended well. */
    void ended(Ended ended) {
        running.decrementAndGet();
        if (ended.type().reads()) {
            reads.increment();
        } else if (ended.type().changesRows()) {
            writes.increment();
        }
        bytesIn.add(ended.bytesIn());
        bytesOut.add(ended.bytesOut());
        Executed executed = ended.executed();
        long endMillis = ended.endMillis();
        byDuration[durationBucket(executed.executeMillis())].increment();
        byTimeOfDay[timeOfDayBucket(endMillis + zone.getOffset(endMillis))].increment();
        lastMillis = endMillis;
        recent.set((int) (recentCount.getAndIncrement() % RECENT), executed);
        if (ended.slow() != null) {
            keepIfAmongSlowest(ended.slow());
        }
        frequencies.add(ended.shape(), executed.executeMillis(), endMillis, executed.ip());
        if (ended.large() != null) {
            keepIfAmongLargest(ended.large());
        }
        if (ended.bytesOut() >= bigResultBytes) {
            bigResults.add(executed.sql(), ended.bytesOut());
        }
    }

    /** Keeps the {@value #LARGEST} with the most rows. */
    private synchronized void keepIfAmongLargest(Large large) {
        if (largest.size() < LARGEST) {
            largest.add(large);
            return;
        }
        int smallest = 0;
        for (int i = 1; i < largest.size(); i++) {
            if (largest.get(i).rows() < largest.get(smallest).rows()) {
                smallest = i;
            }
        }
        if (large.rows() > largest.get(smallest).rows()) {
            largest.set(smallest, large);
        }
    }

    /** Keeps the {@code slowKept} slowest, as MyCat's {@code SQLRecorder} does. */
    private synchronized void keepIfAmongSlowest(Slow slow) {
        if (slowest.size() < slowKept) {
            slowest.add(slow);
            return;
        }
        int fastest = 0;
        for (int i = 1; i < slowest.size(); i++) {
            if (slowest.get(i).executeMillis() < slowest.get(fastest).executeMillis()) {
                fastest = i;
            }
        }
        if (slow.executeMillis() > slowest.get(fastest).executeMillis()) {
            slowest.set(fastest, slow);
        }
    }

    /** MyCat's TTL_COUNT buckets: up to 10 ms, 10-200 ms, 200 ms-1 s, over 1 s. */
    static int durationBucket(long millis) {
        if (millis <= 10) {
            return 0;
        }
        if (millis <= 200) {
            return 1;
        }
        return millis <= 1000 ? 2 : 3;
    }

    /** MyCat's TIME_COUNT buckets of a local time in epoch milliseconds: 22-06h, 06-13h, 13-18h, 18-22h. */
    static int timeOfDayBucket(long localMillis) {
        int hour = (int) (Math.floorMod(localMillis, DAY) / HOUR);
        if (hour < 6 || hour >= 22) {
            return 0;
        }
        if (hour < 13) {
            return 1;
        }
        return hour < 18 ? 2 : 3;
    }

    /**
     * The last statements, oldest first. While statements end meanwhile, the snapshot may hold a newer one in the
     * place of an older one; it never holds more than {@value #RECENT}.
     */
    List<Executed> recent(boolean clear) {
        long count = recentCount.get();
        List<Executed> copy = new ArrayList<>(RECENT);
        for (long i = Math.max(0, count - RECENT); i < count; i++) {
            Executed e = recent.get((int) (i % RECENT));
            if (e != null) {
                copy.add(e);
            }
        }
        if (clear) {
            for (int i = 0; i < RECENT; i++) {
                recent.set(i, null);
            }
            recentCount.set(0);
        }
        return copy;
    }

    synchronized List<Slow> slow(boolean clear) {
        List<Slow> copy = List.copyOf(slowest);
        if (clear) {
            slowest.clear();
        }
        return copy;
    }

    synchronized List<Large> large(boolean clear) {
        List<Large> copy = List.copyOf(largest);
        if (clear) {
            largest.clear();
        }
        return copy;
    }

    List<Frequent> frequent(boolean clear) {
        return frequencies.list(name, clear);
    }

    List<BigResult> bigResults(boolean clear) {
        return bigResults.list(name, clear);
    }

    /** Forgets the slow statements {@code which} accepts; returns how many. */
    synchronized int clearSlow(Predicate<Slow> which) {
        int before = slowest.size();
        slowest.removeIf(which);
        return before - slowest.size();
    }

    synchronized void clearSlow() {
        slowest.clear();
    }

    /** The counts; {@code clear} zeroes them (each at once, not all together: a statement ending meanwhile counts). */
    UserSum sum(boolean clear) {
        UserSum sum = new UserSum(name, value(reads, clear), value(writes, clear), maxConcurrent.get(),
                value(bytesIn, clear), value(bytesOut, clear), values(byTimeOfDay, clear),
                values(byDuration, clear), lastMillis);
        if (clear) {
            maxConcurrent.set(running.get());
            lastMillis = 0;
        }
        return sum;
    }

    private static long value(LongAdder adder, boolean clear) {
        return clear ? adder.sumThenReset() : adder.sum();
    }

    private static List<Long> values(LongAdder[] adders, boolean clear) {
        List<Long> values = new ArrayList<>(adders.length);
        for (LongAdder adder : adders) {
            values.add(value(adder, clear));
        }
        return values;
    }

    private static LongAdder[] adders() {
        LongAdder[] adders = new LongAdder[4];
        for (int i = 0; i < adders.length; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }
}
