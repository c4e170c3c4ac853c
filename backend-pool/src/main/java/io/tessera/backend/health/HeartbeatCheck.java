package io.tessera.backend.health;

import io.tessera.backend.QueryResult;
import java.util.Locale;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What a heartbeat reads from the answer to its statement, beyond "the server answered" (MyCat's
 * {@code MySQLDetector}): with {@code switchType="2"} and a {@code show slave status} heartbeat, the replication state
 * ({@link ReplicationState}); with {@code switchType="3"} and a {@code show status like 'wsrep%'} heartbeat, the Galera
 * state, a node not in the primary component counting as an ERROR. Any other pairing reads nothing. The statement is
 * recognised by plain text, as MyCat's {@code isShowSlaveSql} and {@code isShowClusterSql} do.
 *
 * <p>Immutable.
 */
public final class HeartbeatCheck {

    /** Reads nothing: the server is OK when it answers. */
    public static final HeartbeatCheck PLAIN = new HeartbeatCheck(Kind.PLAIN, -1);

    private static final Logger LOG = LogManager.getLogger(Heartbeat.class);

    private enum Kind { PLAIN, REPLICATION, GALERA }

    private final Kind kind;
    private final int slaveThreshold;

    private HeartbeatCheck(Kind kind, int slaveThreshold) {
        this.kind = kind;
        this.slaveThreshold = slaveThreshold;
    }

    /**
     * The check of a data host's heartbeat {@code sql} under its {@code switchType} and {@code slaveThreshold} (-1 for
     * none), both as schema.xml writes them.
     */
    public static HeartbeatCheck of(int switchType, int slaveThreshold, String sql) {
        String text = sql.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        if (switchType == 2 && text.contains("show slave status")) {
            return new HeartbeatCheck(Kind.REPLICATION, slaveThreshold);
        }
        if (switchType == 3 && text.contains("show status like 'wsrep")) {
            return new HeartbeatCheck(Kind.GALERA, -1);
        }
        return PLAIN;
    }

    /** Whether the heartbeats read the servers' replication state. */
    public boolean readsReplication() {
        return kind == Kind.REPLICATION;
    }

    /** What the answer says: an error (null when the server counts as answering), and the replication state. */
    Reading read(QueryResult answer) {
        return switch (kind) {
            case PLAIN -> new Reading(null, ReplicationState.NOT_CHECKED, null);
            case REPLICATION -> new Reading(null, ReplicationState.read(answer, slaveThreshold),
                    ReplicaStatus.read(answer).orElse(null));
            case GALERA -> {
                GaleraState galera = GaleraState.read(answer);
                yield new Reading(galera.isOk() ? null : galera.problem(), ReplicationState.NOT_CHECKED, null);
            }
        };
    }

    /** Logs once when {@code server} starts lagging or stops replicating, and once when it is back in sync. */
    void logChange(String server, ReplicationState previous, ReplicationState next) {
        if (previous.condition() == next.condition()) {
            return;
        }
        switch (next.condition()) {
            case LAGGING -> LOG.warn("{}: replica lagging: {} (slaveThreshold {} s): it takes no reads until it"
                    + " catches up", server, next.lag(), slaveThreshold);
            case STOPPED -> LOG.warn("{}: replication stopped: Slave_IO_Running or Slave_SQL_Running is not Yes{}",
                    server, slaveThreshold == -1 ? "" : "; it takes no reads until both run");
            case IN_SYNC -> {
                if (previous.condition().replicates()) {
                    LOG.warn("{}: replica in sync again: {} (was {})", server, next.lag(),
                            previous.condition().name().toLowerCase(Locale.ROOT));
                }
            }
            default -> {
                // NOT_A_REPLICA or NOT_CHECKED: nothing to warn about
            }
        }
    }

    @Override
    public String toString() {
        return "HeartbeatCheck[" + kind + (kind == Kind.REPLICATION ? ", slaveThreshold=" + slaveThreshold : "")
                + "]";
    }

    /**
     * @param error why the server does not count as answering; null when it does
     * @param replica the answer's {@code show slave status} row; null when it has none or was not read
     */
    record Reading(String error, ReplicationState replication, ReplicaStatus replica) {
    }
}
