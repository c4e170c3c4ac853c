package io.tessera.router.locality;

import java.util.List;

/**
 * How a query block's rows spread over data nodes so that each node answers exactly for its own.
 *
 * @param nodes the data nodes that hold rows of the block, in configuration order
 * @param parts the sources whose rows are spread (sharded tables, derived tables over them): rows of them that
 *     the block joins always live on one node
 */
record Spread(List<String> nodes, List<Source> parts) {

    Spread {
        nodes = List.copyOf(nodes);
        parts = List.copyOf(parts);
    }
}
