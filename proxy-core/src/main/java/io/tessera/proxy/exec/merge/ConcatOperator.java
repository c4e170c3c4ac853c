package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;
import java.util.List;

/** Runs {@link io.tessera.router.plan.Concat}: rows of every data node as they arrive, in no particular order. */
@HotPath
final class ConcatOperator implements RowSource {

    private final List<? extends ShardRows> shards;
    private int turn;

    ConcatOperator(List<? extends ShardRows> shards) {
        this.shards = shards;
    }

    @Override
    public Row next() {
        int n = shards.size();
        for (int i = 0; i < n; i++) {
            ShardRows shard = shards.get(turn);
            turn = turn + 1 == n ? 0 : turn + 1; // take turns, so that no node waits behind a long one
            Row row = shard.poll();
            if (row != null) {
                return row;
            }
        }
        return null;
    }

    @Override
    public boolean isDone() {
        for (int i = 0; i < shards.size(); i++) {
            if (!shards.get(i).isDrained()) {
                return false;
            }
        }
        return true;
    }
}
