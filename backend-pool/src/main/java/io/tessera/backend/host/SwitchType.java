package io.tessera.backend.host;

/**
 * MyCat's {@code <dataHost switchType="...">}: when the active write host is given up for the next one
 * ({@code DataHostConfig.*_SWITCH_DS}). See {@link DataHost}: every type but -1 switches when the heartbeat fails.
 * With 2 and the heartbeat {@code show slave status}, heartbeats read the replication state, and a
 * {@code slaveThreshold} keeps lagging replicas from reads; with 3 and {@code show status like 'wsrep%'}, a Galera node
 * that is not in the primary component, connected and ready fails its heartbeat ({@code HeartbeatCheck}).
 */
public enum SwitchType {
    /** -1, {@code NOT_SWITCH_DS}: never; the default of MyCat's loader. */
    NEVER(-1),
    /** 0, which MyCat names nowhere but accepts: it switches for any type but -1, so 0 acts as 1. */
    ZERO(0),
    /** 1, {@code DEFAULT_SWITCH_DS}: when the heartbeat fails. */
    HEARTBEAT(1),
    /** 2, {@code SYN_STATUS_SWITCH_DS}: also following {@code show slave status} and {@code slaveThreshold}. */
    SLAVE_STATUS(2),
    /** 3, {@code CLUSTER_STATUS_SWITCH_DS}: Galera, following {@code show status like 'wsrep%'}. */
    GALERA(3);

    private final int code;

    SwitchType(int code) {
        this.code = code;
    }

    /** The number schema.xml writes. */
    public int code() {
        return code;
    }

    /** Whether MyCat moves to the next write host when the active one fails. */
    public boolean switches() {
        return this != NEVER;
    }

    /**
     * The switch type schema.xml writes as {@code code}.
     *
     * @throws IllegalArgumentException for a number MyCat does not know
     */
    public static SwitchType of(int code) {
        for (SwitchType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new IllegalArgumentException("switchType: " + code + " (expected: -1..3)");
    }
}
