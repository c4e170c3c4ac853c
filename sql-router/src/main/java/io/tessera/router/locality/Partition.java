package io.tessera.router.locality;

import io.tessera.router.merge.ShardingColumn;
import java.util.List;

/**
 * Where a SELECT whose rows come from several data nodes runs, and what its merge may rely on.
 *
 * @param nodes the data nodes that run it, in configuration order
 * @param shardingColumns the columns of the top query block that place rows: rows that share a value never come
 *     from two nodes
 */
public record Partition(List<String> nodes, List<ShardingColumn> shardingColumns) {

    public Partition {
        nodes = List.copyOf(nodes);
        shardingColumns = List.copyOf(shardingColumns);
    }
}
