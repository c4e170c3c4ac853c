package io.tessera.router.locality;

import java.util.List;

/**
 * The data nodes a write runs on.
 *
 * @param replicated the nodes hold copies of the same rows (global tables): each changes the same way, and the rows
 *     affected are those of one copy
 */
public record WritePlacement(List<String> nodes, boolean replicated) {

    public WritePlacement {
        nodes = List.copyOf(nodes);
    }
}
