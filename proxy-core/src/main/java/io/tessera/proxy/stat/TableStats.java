package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.Related;
import io.tessera.admin.SqlStatsView.TableSum;
import io.tessera.router.parse.StatementType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * One logical table's statistics: MyCat's {@code TableStat}. Counts are {@link LongAdder}s, so the event loops do not
 * wait for each other; the related tables are kept under this object's lock.
 */
final class TableStats {

    /** Related tables kept per table; one first named with it beyond this is not counted. */
    static final int MAX_RELATED = 64;

    private final String name;
    private final Map<String, long[]> related = new LinkedHashMap<>(); // in the order first seen; guarded by this
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private volatile long lastMillis;

    TableStats(String name) {
        this.name = name;
    }

    /** A statement that named this table, and the others of {@code named}, ended well. */
    void add(StatementType type, List<String> named, long endMillis) {
        if (type.reads()) {
            reads.increment();
        } else if (type.changesRows()) {
            writes.increment();
        }
        lastMillis = endMillis;
        if (named.size() > 1) {
            relate(named);
        }
    }

    private synchronized void relate(List<String> named) {
        for (String other : named) {
            if (other.equals(name)) {
                continue;
            }
            long[] count = related.get(other);
            if (count == null && related.size() < MAX_RELATED) {
                count = new long[1];
                related.put(other, count);
            }
            if (count != null) {
                count[0]++;
            }
        }
    }

    /** The counts; {@code clear} zeroes them (each at once, not all together: a statement ending meanwhile counts). */
    TableSum sum(boolean clear) {
        long r = clear ? reads.sumThenReset() : reads.sum();
        long w = clear ? writes.sumThenReset() : writes.sum();
        List<Related> list;
        synchronized (this) {
            list = new ArrayList<>(related.size());
            related.forEach((table, count) -> list.add(new Related(table, count[0])));
            if (clear) {
                related.clear();
            }
        }
        TableSum sum = new TableSum(name, r, w, list, lastMillis);
        if (clear) {
            lastMillis = 0;
        }
        return sum;
    }
}
