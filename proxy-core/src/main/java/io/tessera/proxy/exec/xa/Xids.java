package io.tessera.proxy.exec.xa;

import java.util.concurrent.atomic.AtomicLong;

/**
 * XA transaction ids of one Tessera process: the global part is {@code tessera-<node>-<incarnation>-<n>} (node from
 * server.xml's {@code mycatNodeId}, so that Tessera instances sharing data hosts never touch each other's branches;
 * incarnation from the start time, so that recovery tells a crashed run's branches from this run's), the branch
 * part is the data node's name, and the format id marks them as Tessera's.
 */
public final class Xids {

    /** "TESS" in ASCII. */
    static final int FORMAT_ID = 0x54455353;

    private final String nodePrefix;
    private final String prefix;
    private final AtomicLong sequence = new AtomicLong();

    public Xids(int nodeId, long incarnation) {
        this.nodePrefix = "tessera-" + nodeId + "-";
        this.prefix = nodePrefix + Long.toString(incarnation, 36) + "-";
    }

    public String next() {
        return prefix + sequence.incrementAndGet();
    }

    /** A global id of this Tessera instance (this run or an earlier one). */
    boolean isOurs(String gtrid) {
        return gtrid.startsWith(nodePrefix);
    }

    /** A global id of this run, whose branch may still be in flight. */
    boolean isThisRun(String gtrid) {
        return gtrid.startsWith(prefix);
    }

    /** The xid as XA statements take it: {@code 'gtrid','bqual',format}. Both parts are plain ASCII names. */
    public static String sql(String gtrid, String branch) {
        return "'" + gtrid + "','" + branch.replace("'", "''") + "'," + FORMAT_ID;
    }
}
