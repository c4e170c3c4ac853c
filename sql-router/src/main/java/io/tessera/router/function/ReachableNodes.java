package io.tessera.router.function;

/**
 * Collects the partitions a range of values can reach and keeps those that name one of the table's nodes: a value
 * whose partition names no node cannot have been stored (MyCat refuses it), so no row hides there. When nothing
 * remains, the range is answered by every node, as MyCat answers a range function that returns no partition.
 */
final class ReachableNodes {

    private final int tableNodes;
    private final NodeSet.Builder nodes;
    private boolean empty = true;

    ReachableNodes(int tableNodes) {
        this.tableNodes = tableNodes;
        this.nodes = NodeSet.builder(tableNodes);
    }

    ReachableNodes add(long partition) {
        if (partition >= 0 && partition < tableNodes) {
            nodes.add((int) partition);
            empty = false;
        }
        return this;
    }

    /** Adds partitions {@code from} to {@code to}, both inclusive; nothing when {@code from > to}. */
    ReachableNodes addSpan(long from, long to) {
        long last = Math.min(to, tableNodes - 1L);
        for (long p = Math.max(from, 0); p <= last; p++) {
            add(p);
        }
        return this;
    }

    NodeSet build() {
        return empty ? NodeSet.all(tableNodes) : nodes.build();
    }
}
