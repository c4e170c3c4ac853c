package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.Frequent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One user's statements by shape and how they ran: MyCat's {@code UserSqlHighStat} ({@code show @@sql.high}). As
 * MyCat groups by Druid's parameterized text, statements that differ only in their literals share a row, keyed by
 * the text with each literal replaced by {@code ?} ({@link io.tessera.router.parse.SqlShape}, one pass, no parse).
 * At most {@value #MAX_TEXTS} shapes: one first seen beyond that is not counted until {@code show @@sql.high true}
 * empties the list (MyCat trims to the most frequent 1024 from time to time instead).
 */
final class Frequencies {

    /** Texts kept per user: MyCat's {@code CAPACITY_SIZE}. */
    static final int MAX_TEXTS = 1024;

    private final ConcurrentMap<String, Runs> texts = new ConcurrentHashMap<>();

    /** A statement with this text ended after {@code executeMillis}, at {@code endMillis}. */
    void add(String sql, long executeMillis, long endMillis, String ip) {
        Runs runs = texts.get(sql);
        if (runs == null) {
            if (texts.size() >= MAX_TEXTS) {
                return;
            }
            runs = texts.computeIfAbsent(sql, text -> new Runs());
        }
        runs.add(executeMillis, endMillis, ip);
    }

    /** The texts and their runs; {@code clear} forgets them. */
    List<Frequent> list(String user, boolean clear) {
        List<Frequent> list = new ArrayList<>(texts.size());
        texts.forEach((sql, runs) -> {
            Frequent shown = runs.shown(user, sql);
            if (shown != null) {
                list.add(shown);
            }
        });
        if (clear) {
            texts.clear();
        }
        return list;
    }

    /** The runs of one text; the event loops that end them take turns on its lock, held for a few field updates. */
    private static final class Runs {

        private long count;
        private long totalMillis;
        private long maxMillis;
        private long minMillis = Long.MAX_VALUE;
        private long lastExecuteMillis;
        private long lastMillis;
        private String ip;

        synchronized void add(long executeMillis, long endMillis, String from) {
            count++;
            totalMillis += executeMillis;
            maxMillis = Math.max(maxMillis, executeMillis);
            minMillis = Math.min(minMillis, executeMillis);
            lastExecuteMillis = executeMillis;
            lastMillis = endMillis;
            ip = from;
        }

        /** What it shows; null while the first run is being added. */
        synchronized Frequent shown(String user, String sql) {
            if (count == 0) {
                return null;
            }
            return new Frequent(user, sql, count, totalMillis / count, maxMillis, minMillis, lastExecuteMillis,
                    lastMillis, ip);
        }
    }
}
