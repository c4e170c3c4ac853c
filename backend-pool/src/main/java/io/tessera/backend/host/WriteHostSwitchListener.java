package io.tessera.backend.host;

/**
 * Told when a {@link DataHost} switches its active write host, so that the new index can be kept where the data host
 * does not look (MyCat's {@code conf/dnindex.properties}, which proxy-core writes).
 */
@FunctionalInterface
public interface WriteHostSwitchListener {

    /** A listener that keeps nothing. */
    WriteHostSwitchListener NONE = (dataHost, activeWriteIndex) -> { };

    /**
     * Called once per switch, in the order of the switches, after new borrows already go to the new write host; on a
     * heartbeat's event loop, so it must not wait long (writing a small local file is fine). What it throws is logged
     * at ERROR; the switch holds.
     *
     * @param dataHost the data host's name
     * @param activeWriteIndex the index of the new active write host among its write hosts, counting from 0
     */
    void switched(String dataHost, int activeWriteIndex);
}
