package io.tessera.router.locality;

import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.ShardingRule;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which columns place their rows, and which equalities between them keep joined rows on one data node: sharding
 * columns of one function over the same nodes, an ER child's join key and its parent's key, and the sharding
 * columns a derived table passes on.
 */
final class Colocation {

    private final Map<DerivedTable, Map<String, ShardKey>> derivedKeys = new HashMap<>();

    /** The key of {@code column} of {@code source}, or {@code null} when it does not place rows. */
    ShardKey keyOf(Source source, String column) {
        if (source instanceof TableOccurrence occurrence) {
            ResolvedTable table = occurrence.table();
            ShardingRule rule = table.table() == null ? null : table.table().rule();
            return table.isSharded() && rule != null && rule.isColumn(column)
                    ? new ShardKey(rule.function(), table.nodes()) : null;
        }
        Map<String, ShardKey> keys = derivedKeys.get((DerivedTable) source);
        return keys == null ? null : keys.get(column.toLowerCase(Locale.ROOT));
    }

    ShardKey keyOf(ColumnRef ref) {
        return keyOf(ref.source(), ref.column());
    }

    /** Records the sharding columns a derived table's rows carry, by its column names. */
    void derivedKeys(DerivedTable derived, Map<String, ShardKey> keys) {
        derivedKeys.put(derived, Map.copyOf(keys));
    }

    /** The names of a derived table's columns that place rows. */
    java.util.Set<String> derivedColumns(DerivedTable derived) {
        Map<String, ShardKey> keys = derivedKeys.get(derived);
        return keys == null ? java.util.Set.of() : keys.keySet();
    }

    /** Whether rows with {@code a = b} always live on the same data node. */
    boolean colocated(ColumnRef a, ColumnRef b) {
        ShardKey key = keyOf(a);
        if (key != null && key.equals(keyOf(b))) {
            return true;
        }
        if (a.source() instanceof TableOccurrence ta && b.source() instanceof TableOccurrence tb
                && ta.table().isSharded() && tb.table().isSharded()) {
            LogicalTable x = ta.table().table();
            LogicalTable y = tb.table().table();
            return isErLink(x, a.column(), y, b.column()) || isErLink(y, b.column(), x, a.column());
        }
        return false;
    }

    private static boolean isErLink(LogicalTable parent, String parentColumn, LogicalTable child, String childColumn) {
        return child.parent() != null && child.parent().parentTable().equalsIgnoreCase(parent.name())
                && child.parent().parentKey().equalsIgnoreCase(parentColumn)
                && child.parent().joinKey().equalsIgnoreCase(childColumn)
                && child.dataNodes().equals(parent.dataNodes());
    }

    /** Union-find over sources: which of them the links tie into one group. */
    static final class Groups {

        private final List<Source> members;
        private final int[] parent;

        Groups(List<Source> members) {
            this.members = members;
            this.parent = new int[members.size()];
            for (int i = 0; i < parent.length; i++) {
                parent[i] = i;
            }
        }

        boolean contains(Source source) {
            return members.contains(source);
        }

        void join(Source a, Source b) {
            parent[root(members.indexOf(a))] = root(members.indexOf(b));
        }

        boolean together(Source a, Source b) {
            return root(members.indexOf(a)) == root(members.indexOf(b));
        }

        boolean allTogether() {
            for (int i = 1; i < parent.length; i++) {
                if (root(i) != root(0)) {
                    return false;
                }
            }
            return true;
        }

        private int root(int i) {
            while (parent[i] != i) {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            return i;
        }
    }
}
