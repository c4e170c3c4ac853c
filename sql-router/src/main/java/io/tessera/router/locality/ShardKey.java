package io.tessera.router.locality;

import io.tessera.router.function.ShardingFunction;
import java.util.List;

/**
 * How a column places rows: its function over its data nodes. Two columns with equal keys put equal values on the
 * same node, so rows joined on them meet on one node.
 */
record ShardKey(ShardingFunction function, List<String> nodes) {

    ShardKey {
        nodes = List.copyOf(nodes);
    }
}
