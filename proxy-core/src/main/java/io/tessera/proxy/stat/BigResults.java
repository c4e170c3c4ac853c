package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.BigResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One user's statements whose answers were big, by text: MyCat's {@code SqlResultSizeRecorder}
 * ({@code show @@sql.resultset}). Like {@link Frequencies}, by exact text and at most {@value #MAX_TEXTS} texts.
 */
final class BigResults {

    /** Texts kept per user. */
    static final int MAX_TEXTS = 1024;

    private final ConcurrentMap<String, long[]> texts = new ConcurrentHashMap<>(); // count, last bytes; guarded by each

    /** A statement with this text answered {@code bytes}, at least the threshold. */
    void add(String sql, long bytes) {
        long[] seen = texts.get(sql);
        if (seen == null) {
            if (texts.size() >= MAX_TEXTS) {
                return;
            }
            seen = texts.computeIfAbsent(sql, text -> new long[2]);
        }
        synchronized (seen) {
            seen[0]++;
            seen[1] = bytes; // MyCat shows the last size
        }
    }

    /** The texts, how many big answers each had and the bytes of the last; {@code clear} forgets them. */
    List<BigResult> list(String user, boolean clear) {
        List<BigResult> list = new ArrayList<>(texts.size());
        texts.forEach((sql, seen) -> {
            synchronized (seen) {
                if (seen[0] > 0) { // else its first answer is being added
                    list.add(new BigResult(user, sql, seen[0], seen[1]));
                }
            }
        });
        if (clear) {
            texts.clear();
        }
        return list;
    }
}
