package io.tessera.backend.host;

/**
 * MyCat's {@code <dataHost balanceType="...">}: how a read picks among the servers that may take it
 * ({@code backend/loadbalance/*}); {@code ReadBalancer} applies it.
 */
public enum BalanceType {
    /** 0: at random, by weight (MyCat's {@code randomSelect}). */
    RANDOM(0),
    /**
     * 1: weighted round robin, smooth (as nginx's): over a round of picks each server gets exactly its weight's
     * share, interleaved; with equal weights, plain round robin.
     */
    ROUND_ROBIN(1),
    /** 2: the server with the fewest connections lent now; ties at random. */
    LEAST_ACTIVE(2);

    private final int code;

    BalanceType(int code) {
        this.code = code;
    }

    /** The number schema.xml writes. */
    public int code() {
        return code;
    }

    /**
     * The balance type schema.xml writes as {@code code}.
     *
     * @throws IllegalArgumentException for a number MyCat does not know
     */
    public static BalanceType of(int code) {
        for (BalanceType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new IllegalArgumentException("balanceType: " + code + " (expected: 0..2)");
    }
}
