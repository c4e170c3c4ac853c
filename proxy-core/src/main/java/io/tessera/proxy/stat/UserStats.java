package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.Executed;
import io.tessera.admin.SqlStatsView.Slow;
import io.tessera.admin.SqlStatsView.UserSum;
import io.tessera.router.parse.StatementType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One user's statistics: MyCat's {@code UserStat} (its last statements, its slowest, its reads and writes). Updated
 * by the event loops that serve the user's connections, under this object's lock, held for a few field updates.
 */
final class UserStats {

    /** Statements {@code show @@sql} keeps per user (MyCat's {@code UserSqlLastStat(50)}). */
    static final int RECENT = 50;

    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;

    private final String name;
    private final int slowKept;
    private final AtomicInteger running = new AtomicInteger();
    private final ArrayDeque<Executed> recent = new ArrayDeque<>(RECENT);
    private final List<Slow> slowest = new ArrayList<>();
    private long reads;
    private long writes;
    private int maxConcurrent;
    private long bytesIn;
    private long bytesOut;
    private final long[] byTimeOfDay = new long[4];
    private final long[] byDuration = new long[4];
    private long lastMillis;

    UserStats(String name, int slowKept) {
        this.name = name;
        this.slowKept = slowKept;
    }

    String name() {
        return name;
    }

    /** A statement of this user starts: counts toward MAX, the most running at once. */
    void started() {
        int now = running.incrementAndGet();
        synchronized (this) {
            maxConcurrent = Math.max(maxConcurrent, now);
        }
    }

    /** A statement that started did not end well: it is not counted. */
    void abandoned() {
        running.decrementAndGet();
    }

    /** A statement that started ended well; {@code slow} is null unless it was slow. */
    synchronized void ended(StatementType type, Executed executed, Slow slow, long in, long out, long endMillis) {
        running.decrementAndGet();
        if (type.reads()) {
            reads++;
        } else if (type.changesRows()) {
            writes++;
        }
        bytesIn += in;
        bytesOut += out;
        byDuration[durationBucket(executed.executeMillis())]++;
        byTimeOfDay[timeOfDayBucket(endMillis)]++;
        lastMillis = endMillis;
        if (recent.size() == RECENT) {
            recent.removeFirst();
        }
        recent.addLast(executed);
        if (slow != null) {
            keepIfAmongSlowest(slow);
        }
    }

    /** Keeps the {@code slowKept} slowest, as MyCat's {@code SQLRecorder} does. */
    private void keepIfAmongSlowest(Slow slow) {
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

    /** MyCat's TIME_COUNT buckets, in the JVM's time zone: 22-06h, 06-13h, 13-18h, 18-22h. */
    static int timeOfDayBucket(long epochMillis) {
        long local = epochMillis + TimeZone.getDefault().getOffset(epochMillis);
        int hour = (int) (Math.floorMod(local, DAY) / HOUR);
        if (hour < 6 || hour >= 22) {
            return 0;
        }
        if (hour < 13) {
            return 1;
        }
        return hour < 18 ? 2 : 3;
    }

    synchronized List<Executed> recent(boolean clear) {
        List<Executed> copy = List.copyOf(recent);
        if (clear) {
            recent.clear();
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

    synchronized void clearSlow() {
        slowest.clear();
    }

    synchronized UserSum sum(boolean clear) {
        UserSum sum = new UserSum(name, reads, writes, maxConcurrent, bytesIn, bytesOut, asList(byTimeOfDay),
                asList(byDuration), lastMillis);
        if (clear) {
            reads = 0;
            writes = 0;
            maxConcurrent = running.get();
            bytesIn = 0;
            bytesOut = 0;
            Arrays.fill(byTimeOfDay, 0);
            Arrays.fill(byDuration, 0);
            lastMillis = 0;
        }
        return sum;
    }

    private static List<Long> asList(long[] counts) {
        return Arrays.stream(counts).boxed().toList();
    }
}
