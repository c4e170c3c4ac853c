package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;
import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Runs {@link io.tessera.router.plan.OrderedMerge}: a k-way merge over data-node streams that are each sorted.
 *
 * <p>A row goes out only when every unfinished node has a row buffered, because only then is the smallest head
 * known. Memory is one head per node plus each {@link ShardInput}'s buffer, which pauses its data node above a
 * high-water mark.
 */
@HotPath
final class OrderedMergeOperator implements RowSource {

    private final PriorityQueue<ShardRows> heads;   // nodes with a buffered row, smallest first row on top
    private final ArrayDeque<ShardRows> starving;   // unfinished nodes with nothing buffered

    OrderedMergeOperator(List<? extends ShardRows> shards, RowComparator order) {
        this.heads = new PriorityQueue<>(shards.size(), (a, b) -> {
            int cmp = order.compare(a.peek(), b.peek());
            return cmp != 0 ? cmp : Integer.compare(a.index(), b.index()); // ties: node order, deterministic
        });
        this.starving = new ArrayDeque<>(shards);
    }

    @Override
    public Row next() {
        for (int i = starving.size(); i > 0; i--) {
            ShardRows shard = starving.poll();
            if (shard.peek() != null) {
                heads.add(shard);
            } else if (!shard.isDrained()) {
                starving.add(shard);             // still waiting for this node
            }
        }
        if (!starving.isEmpty()) {
            return null;
        }
        ShardRows shard = heads.poll();
        if (shard == null) {
            return null;
        }
        Row row = shard.poll();
        if (shard.peek() != null) {
            heads.add(shard);                    // re-sort on its new head
        } else if (!shard.isDrained()) {
            starving.add(shard);                 // it may still send a smaller row than the others' heads
        }
        return row;
    }

    @Override
    public boolean isDone() {
        if (!heads.isEmpty()) {
            return false;
        }
        for (ShardRows shard : starving) {
            if (!shard.isDrained()) {
                return false;
            }
        }
        return true;
    }
}
