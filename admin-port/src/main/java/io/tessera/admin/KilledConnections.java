package io.tessera.admin;

import java.util.List;

/**
 * The client connections {@link AdminActions#killConnections} closed (MyCat answers OK with their number as affected
 * rows).
 *
 * @param ids the ids of the connections closed, each once, in the order asked for
 */
public record KilledConnections(List<Long> ids) {

    public KilledConnections {
        ids = List.copyOf(ids);
    }

    /** How many connections were closed. */
    public int count() {
        return ids.size();
    }
}
