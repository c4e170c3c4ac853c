package io.tessera.backend.health;

import io.tessera.backend.QueryResult;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a server's last heartbeat read of its replication, with {@code switchType="2"} and the heartbeat
 * {@code show slave status} (MyCat's {@code MySQLDetector}): whether both replication threads run, and how far the
 * server is behind its primary. {@code show @@heartbeat} and {@code show @@datasource.synstatus} can show it.
 *
 * @param condition what the answer says, weighed against {@code slaveThreshold}
 * @param secondsBehind {@code Seconds_Behind_Master}, -1 when unknown (not read, NULL: a stopped SQL thread)
 * @param lastRunningLag {@code Seconds_Behind_Master} of the last answer in which both threads ran with a known lag,
 *     kept while they do not (MyCat's {@code slaveBehindMaster}): whether a standby write host had caught up when its
 *     primary went away; -1 when none did
 */
public record ReplicationState(Condition condition, long secondsBehind, long lastRunningLag) {

    /** Before any answer, or for a heartbeat that does not read replication. */
    public static final ReplicationState NOT_CHECKED = new ReplicationState(Condition.NOT_CHECKED, -1);

    /** The replication conditions, as the read balancing weighs them. */
    public enum Condition {
        /** Replication is not read: another heartbeat statement or switch type, or no answer yet. */
        NOT_CHECKED,
        /** The answer was empty: the server replicates from nothing (a primary). */
        NOT_A_REPLICA,
        /** Both threads run (MyCat's {@code DB_SYN_NORMAL}) and the lag is known and below the threshold. */
        IN_SYNC,
        /** Both threads run, but the lag is unknown or at least the threshold: no reads until it catches up. */
        LAGGING,
        /** A replication thread is stopped or broken (MyCat's {@code DB_SYN_ERROR}). */
        STOPPED;

        /** Whether the server is a replica: it gave a row of replication state. */
        public boolean replicates() {
            return this == IN_SYNC || this == LAGGING || this == STOPPED;
        }
    }

    public ReplicationState {
        Objects.requireNonNull(condition, "condition");
    }

    /** A state read from one answer alone: its last running lag is its lag when both threads run. */
    public ReplicationState(Condition condition, long secondsBehind) {
        this(condition, secondsBehind, running(condition) ? secondsBehind : -1);
    }

    /**
     * This answer's state after {@code previous}: an answer in which the threads do not both run with a known lag
     * keeps the last running lag of before; a server that replicates from nothing has none.
     */
    ReplicationState after(ReplicationState previous) {
        if (lastRunningLag >= 0 || !condition.replicates()) {
            return this;
        }
        return new ReplicationState(condition, secondsBehind, previous.lastRunningLag);
    }

    private static boolean running(Condition condition) {
        return condition == Condition.IN_SYNC || condition == Condition.LAGGING;
    }

    /**
     * Reads a {@code show slave status} answer (columns by name, first row: the default connection): both
     * {@code Slave_IO_Running} and {@code Slave_SQL_Running} "Yes" is in sync unless {@code Seconds_Behind_Master}
     * is NULL or not below {@code slaveThreshold} (MyCat's strict {@code <}); -1 checks no lag.
     */
    public static ReplicationState read(QueryResult answer, int slaveThreshold) {
        if (answer.rows().isEmpty()) {
            return new ReplicationState(Condition.NOT_A_REPLICA, -1);
        }
        List<String> row = answer.rows().get(0);
        String io = ReplicaStatus.text(answer.columns(), row, "Slave_IO_Running");
        String sql = ReplicaStatus.text(answer.columns(), row, "Slave_SQL_Running");
        long behind = ReplicaStatus.number(ReplicaStatus.text(answer.columns(), row, "Seconds_Behind_Master"));
        if (!"Yes".equalsIgnoreCase(io) || !"Yes".equalsIgnoreCase(sql)) {
            return new ReplicationState(Condition.STOPPED, behind);
        }
        boolean lagging = slaveThreshold != -1 && (behind < 0 || behind >= slaveThreshold);
        return new ReplicationState(lagging ? Condition.LAGGING : Condition.IN_SYNC, behind);
    }

    /** "in sync, 0 s behind", "lagging, 7 s behind", "stopped, lag unknown", for logs and admin views. */
    public String describe() {
        return condition.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ", " + lag();
    }

    /** "7 s behind", or "lag unknown". */
    String lag() {
        return secondsBehind < 0 ? "lag unknown" : secondsBehind + " s behind";
    }
}
