package io.tessera.admin;

import java.util.Objects;

/**
 * The outcome of switching one data host's active write host (MyCat answers OK with the number of data hosts
 * switched as affected rows).
 *
 * @param dataHost      the data host's name
 * @param previousIndex the active write host index before, counting {@code <writeHost>}s from 0
 * @param activeIndex   the active write host index now
 */
public record DataSourceSwitch(String dataHost, int previousIndex, int activeIndex) {

    public DataSourceSwitch {
        Objects.requireNonNull(dataHost, "dataHost");
    }

    /** Whether the active write host changed. */
    public boolean switched() {
        return previousIndex != activeIndex;
    }
}
