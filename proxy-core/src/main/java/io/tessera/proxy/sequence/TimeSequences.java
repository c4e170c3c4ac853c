package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * {@code sequenceHandlerType} 2, MyCat's {@code IncrSequenceTimeHandler} (Twitter's snowflake): ids made of the
 * time, this process's {@code WORKID} and {@code DATAACENTERID} (MyCat's spelling, in
 * {@code sequence_time_conf.properties}), and a counter within the millisecond:
 *
 * <pre>
 *  63 62                                  22 21      17 16     12 11            0
 *  +-+--------------------------------------+----------+---------+---------------+
 *  |0| ms since 2010-11-04 (1288834974657)  | datacntr | worker  | sequence      |
 *  +-+--------------------------------------+----------+---------+---------------+
 * </pre>
 *
 * <p>Every name is a sequence, as in MyCat, and all names share one counter. Ids only grow within a process; a
 * {@code count} of consecutive ids must fit in what is left of one millisecond's 4096, else they come from the next
 * millisecond. When the clock goes back, ids wait (off the caller's thread) until it has caught up, up to
 * {@value #MAX_BACKWARDS_MILLIS} ms; further back, the call fails rather than risk a duplicate. Two processes are
 * distinct only if their WORKID/DATAACENTERID pairs are.
 */
final class TimeSequences implements Sequences {

    static final String FILE = "sequence_time_conf.properties";
    static final long EPOCH = 1288834974657L;
    static final int MAX_COUNT = 1 << 12;
    static final long MAX_BACKWARDS_MILLIS = 5_000;
    /** How often a wait for the clock looks at it again, at most. */
    private static final long POLL_MILLIS = 10;

    private final long node;     // datacenter and worker bits, in place
    private final LongSupplier clock;
    private final Executor blocking;
    private long lastMillis = -1;
    private int used;            // ids of lastMillis handed out

    TimeSequences(int workerId, int datacenterId, LongSupplier clock, Executor blocking) {
        if (workerId < 0 || workerId > 31 || datacenterId < 0 || datacenterId > 31) {
            throw new IllegalArgumentException("workerId: " + workerId + ", datacenterId: " + datacenterId
                    + " (expected: 0..31)");
        }
        this.node = ((long) datacenterId << 17) | ((long) workerId << 12);
        this.clock = clock;
        this.blocking = blocking;
    }

    /**
     * Reads {@code WORKID} and {@code DATAACENTERID} from {@code path}.
     *
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     */
    static TimeSequences open(Path path, Executor blocking) {
        SequenceFile file = SequenceFile.read(path);
        Long worker = file.integer("WORKID", 0, 31);
        Long datacenter = file.integer("DATAACENTERID", 0, 31);
        file.throwProblems();
        return new TimeSequences(worker.intValue(), datacenter.intValue(), System::currentTimeMillis, blocking);
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        if (count < 1 || count > MAX_COUNT) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name
                    + ": " + count + " ids asked (expected: 1.." + MAX_COUNT + " per statement with the time-based"
                    + " sequence handler)"));
        }
        CompletableFuture<Long> future = new CompletableFuture<>();
        attempt(name, count, future);
        return future;
    }

    private void attempt(String name, int count, CompletableFuture<Long> future) {
        long waitMillis;
        try {
            long id = take(name, count);
            if (id >= 0) {
                future.complete(id);
                return;
            }
            waitMillis = -id;
        } catch (TesseraException e) {
            future.completeExceptionally(e);
            return;
        }
        Executor later = CompletableFuture.delayedExecutor(Math.min(waitMillis, POLL_MILLIS), TimeUnit.MILLISECONDS,
                blocking);
        later.execute(() -> attempt(name, count, future));
    }

    /** The first of {@code count} ids, or minus the milliseconds to wait before trying again. */
    private synchronized long take(String name, int count) {
        long now = clock.getAsLong();
        if (now < lastMillis) {
            long back = lastMillis - now;
            if (back > MAX_BACKWARDS_MILLIS) {
                throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name + ": the clock went back "
                        + back + " ms (expected: at most " + MAX_BACKWARDS_MILLIS + " ms, which ids wait for)");
            }
            return -back;
        }
        if (now == lastMillis) {
            if (used + count > MAX_COUNT) {
                return -1;
            }
        } else {
            lastMillis = now;
            used = 0;
        }
        long first = ((now - EPOCH) << 22) | node | used;
        used += count;
        return first;
    }

    @Override
    public boolean has(String name) {
        return true;
    }
}
