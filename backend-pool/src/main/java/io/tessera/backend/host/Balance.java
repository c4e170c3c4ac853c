package io.tessera.backend.host;

/**
 * MyCat's {@code <dataHost balance="...">}: where reads go ({@code PhysicalDBPool.BALANCE_*}); {@code ReadBalancer}
 * applies it. Read hosts and write hosts take reads only while their heartbeat is OK, read hosts only while their
 * write host's is too (unless {@code tempReadHostAvailable}) and, with a {@code slaveThreshold}, while in sync; with
 * none such, reads go to the active write host. {@link BalanceType} picks among them.
 */
public enum Balance {
    /** 0, {@code BALANCE_NONE}: the active write host. */
    NONE(0),
    /** 1, {@code BALANCE_ALL_BACK}: the read hosts and the standby write hosts. */
    ALL_BACK(1),
    /** 2, {@code BALANCE_ALL}: every write host and read host. */
    ALL(2),
    /** 3, {@code BALANCE_ALL_READ}: the read hosts only (of every write host, as MyCat). */
    ALL_READ(3);

    private final int code;

    Balance(int code) {
        this.code = code;
    }

    /** The number schema.xml writes. */
    public int code() {
        return code;
    }

    /**
     * The balance schema.xml writes as {@code code}.
     *
     * @throws IllegalArgumentException for a number MyCat does not know
     */
    public static Balance of(int code) {
        for (Balance balance : values()) {
            if (balance.code == code) {
                return balance;
            }
        }
        throw new IllegalArgumentException("balance: " + code + " (expected: 0..3)");
    }
}
