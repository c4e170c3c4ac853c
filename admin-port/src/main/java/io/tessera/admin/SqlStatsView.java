package io.tessera.admin;

import java.util.List;
import java.util.function.Predicate;

/**
 * MyCat's SQL statistics ({@code useSqlStat}): what the statements run on data nodes cost, by user and by table, and
 * the switches {@code reload @@sqlstat} and {@code reload @@sqlslow} turn. {@code proxy-core} records them and hands
 * this view over in {@link AdminContext#sqlStats()}. Every method is cheap and never blocks; the lists are snapshots,
 * in any order (each command sorts what it shows). A method with {@code clear} set empties what it returns, as
 * MyCat's {@code show @@sql... true} does.
 */
public interface SqlStatsView {

    /** Whether statements are being recorded ({@code useSqlStat=1}, {@code reload @@sqlstat=open}). */
    boolean recording();

    /** Starts or stops recording; what was recorded stays ({@code reload @@sqlstat=open|close}). */
    void recording(boolean on);

    /** A statement running at least this many milliseconds is slow ({@code show @@sql.slow}); MyCat's default 100. */
    long slowMillis();

    /** Sets the slow threshold and forgets the slow statements recorded so far, as MyCat does. */
    void slowMillis(long millis);

    /** The last statements of each user ({@code show @@sql}), oldest first per user. */
    List<Executed> recent(boolean clear);

    /** The slowest statements of each user at or over {@link #slowMillis()} ({@code show @@sql.slow}). */
    List<Slow> slow(boolean clear);

    /** Forgets the slow statements {@code which} accepts ({@code clear @@slow}); returns how many it forgot. */
    int clearSlow(Predicate<Slow> which);

    /** Reads and writes per user ({@code show @@sql.sum}, {@code show @@sql.sum.user}). */
    List<UserSum> users(boolean clear);

    /** Reads and writes per logical table ({@code show @@sql.sum.table}). */
    List<TableSum> tables(boolean clear);

    /** Each user's statements by text, with how often and how long they ran ({@code show @@sql.high}). */
    List<Frequent> frequent(boolean clear);

    /**
     * Each user's SELECTs whose answer had more than {@value #LARGE_ROWS} rows, the largest kept
     * ({@code show @@sql.large}).
     */
    List<Large> large(boolean clear);

    /**
     * Each user's statements by text whose answer had at least {@link #bigResultBytes()} bytes
     * ({@code show @@sql.resultset}).
     */
    List<BigResult> bigResults(boolean clear);

    /** MyCat's {@code maxResultSet}: an answer of at least this many bytes is big ({@code show @@sql.resultset}). */
    long bigResultBytes();

    /** MyCat's {@code UserStat} threshold: a SELECT answering more rows than this is large. */
    long LARGE_ROWS = 10_000;

    /** One statement that ran: who ran it, when (epoch ms), for how long (ms), and from which client address. */
    record Executed(String user, long startMillis, long executeMillis, String sql, String ip) {
    }

    /** One slow statement, with the data nodes it ran on ({@code dn1,dn2}) and the session's schema. */
    record Slow(String user, String dataNodes, long startMillis, long executeMillis, String sql, String ip,
            String schema) {
    }

    /**
     * One user's statements: reads (SELECT, SHOW) and writes (INSERT, REPLACE, UPDATE, DELETE), the most that ran at
     * once, the bytes of the commands and of their answers, MyCat's two histograms and when the last one ended.
     *
     * @param byTimeOfDay statements ending 22-06h, 06-13h, 13-18h, 18-22h (MyCat's TIME_COUNT)
     * @param byDuration  statements of up to 10 ms, 10-200 ms, 200 ms-1 s, over 1 s (MyCat's TTL_COUNT)
     */
    record UserSum(String user, long reads, long writes, int maxConcurrent, long netInBytes, long netOutBytes,
            List<Long> byTimeOfDay, List<Long> byDuration, long lastMillis) {

        public UserSum {
            byTimeOfDay = List.copyOf(byTimeOfDay);
            byDuration = List.copyOf(byDuration);
        }
    }

    /**
     * One logical table's statements: reads and writes, the other tables statements named with it (and how many
     * times), and when the last one ended.
     */
    record TableSum(String table, long reads, long writes, List<Related> related, long lastMillis) {

        public TableSum {
            related = List.copyOf(related);
        }
    }

    /**
     * One user's statement text and its runs: how many, their mean, longest and shortest time (ms), the time of the
     * last one (ms) and when it ended (epoch ms), and the client address of the last one.
     */
    record Frequent(String user, String sql, long count, long avgMillis, long maxMillis, long minMillis,
            long lastExecuteMillis, long lastMillis, String ip) {
    }

    /** One large SELECT: its rows, when it started (epoch ms), how long it ran (ms), and the client address. */
    record Large(String user, long rows, long startMillis, long executeMillis, String sql, String ip) {
    }

    /** One user's statement text whose answers were big: how many were, and the bytes of the last one. */
    record BigResult(String user, String sql, long count, long bytes) {
    }

    /** A table named in the same statement as another, and how many statements named both. */
    record Related(String table, long count) {
    }
}
