package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.Related;
import io.tessera.admin.SqlStatsView.TableSum;
import io.tessera.router.parse.StatementType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One logical table's statistics: MyCat's {@code TableStat}. Updated under this object's lock. */
final class TableStats {

    /** Related tables kept per table; one first named with it beyond this is not counted. */
    static final int MAX_RELATED = 64;

    private final String name;
    private final Map<String, long[]> related = new LinkedHashMap<>(); // in the order first seen
    private long reads;
    private long writes;
    private long lastMillis;

    TableStats(String name) {
        this.name = name;
    }

    /** A statement that named this table, and the others of {@code named}, ended well. */
    synchronized void add(StatementType type, List<String> named, long endMillis) {
        if (type.reads()) {
            reads++;
        } else if (type.changesRows()) {
            writes++;
        }
        lastMillis = endMillis;
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

    synchronized TableSum sum(boolean clear) {
        List<Related> list = new ArrayList<>(related.size());
        related.forEach((table, count) -> list.add(new Related(table, count[0])));
        TableSum sum = new TableSum(name, reads, writes, list, lastMillis);
        if (clear) {
            reads = 0;
            writes = 0;
            lastMillis = 0;
            related.clear();
        }
        return sum;
    }
}
