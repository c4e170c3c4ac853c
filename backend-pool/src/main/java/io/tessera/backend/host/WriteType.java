package io.tessera.backend.host;

/**
 * MyCat's {@code <dataHost writeType="...">}: where writes go ({@code PhysicalDBPool.WRITE_*}); {@link DataHost}
 * applies 0 and 1, and treats 2 as 0.
 */
public enum WriteType {
    /** 0, {@code WRITE_ONLYONE_NODE}: the active write host, the next one after a switch. */
    ONE_NODE(0),
    /** 1, {@code WRITE_RANDOM_NODE}: a write host picked at random. */
    RANDOM_NODE(1),
    /** 2, {@code WRITE_ALL_NODE}: every write host (MyCat 1.6 cannot hand out such a connection, issue #2280). */
    ALL_NODES(2);

    private final int code;

    WriteType(int code) {
        this.code = code;
    }

    /** The number schema.xml writes. */
    public int code() {
        return code;
    }

    /**
     * The write type schema.xml writes as {@code code}.
     *
     * @throws IllegalArgumentException for a number MyCat does not know
     */
    public static WriteType of(int code) {
        for (WriteType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new IllegalArgumentException("writeType: " + code + " (expected: 0..2)");
    }
}
