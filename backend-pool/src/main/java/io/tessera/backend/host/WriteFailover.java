package io.tessera.backend.host;

import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.health.HeartbeatStatus;
import java.util.List;

/**
 * Decides when a data host gives its active write host up (MyCat's {@code MySQLHeartbeat.setError} and
 * {@code switchSourceIfNeed}): when the switch type switches, the write type is {@link WriteType#ONE_NODE} (with
 * {@link WriteType#RANDOM_NODE} writes go to every live write host anyway), the data host has more than one write
 * host, the active
 * one has failed {@code maxRetryCount} heartbeats in a row, and another write host's heartbeat is OK; the next such
 * host in schema.xml order, wrapping, takes over. Nothing switches back on its own: a write host that answers again
 * is just one more standby.
 *
 * <p>Immutable; it reads the servers' heartbeats, which may be read from any thread.
 */
final class WriteFailover {

    private final SwitchType switchType;
    private final WriteType writeType;
    private final int maxRetryCount;
    private final List<Server> writeHosts;

    WriteFailover(SwitchType switchType, WriteType writeType, int maxRetryCount, List<Server> writeHosts) {
        this.switchType = switchType;
        this.writeType = writeType;
        this.maxRetryCount = Math.max(1, maxRetryCount); // MyCat: ++errorCount < 0 never holds, so 0 acts as 1
        this.writeHosts = List.copyOf(writeHosts);
    }

    /** Failed heartbeats in a row after which the active write host is given up. */
    int maxRetryCount() {
        return maxRetryCount;
    }

    /** Whether {@code status}, a heartbeat outcome of {@code checked}, gives up the write host at {@code active}. */
    boolean givesUp(int active, Server checked, HeartbeatStatus status) {
        return switchType.switches() && writeType == WriteType.ONE_NODE && writeHosts.size() > 1
                && writeHosts.get(active) == checked
                && status.status() != HeartbeatStatus.Status.OK && status.errorCount() >= maxRetryCount;
    }

    /**
     * The next write host after {@code active} whose heartbeat is OK, wrapping; -1 when there is none. With
     * {@link SwitchType#SLAVE_STATUS} and the heartbeat {@code show slave status}, only one that had caught up
     * ({@code Seconds_Behind_Master} 0) the last time both its replication threads ran, as MyCat's
     * {@code switchSourceIfNeed}: a standby that was behind would lose what it had not applied.
     */
    int nextAlive(int active) {
        boolean caughtUp = switchType == SwitchType.SLAVE_STATUS && HeartbeatCheck.of(switchType.code(), -1,
                writeHosts.get(0).settings().heartbeatSql()).readsReplication();
        for (int step = 1; step < writeHosts.size(); step++) {
            int candidate = (active + step) % writeHosts.size();
            Server standby = writeHosts.get(candidate);
            if (standby.isAlive() && (!caughtUp || standby.replication().lastRunningLag() == 0)) {
                return candidate;
            }
        }
        return -1;
    }
}
