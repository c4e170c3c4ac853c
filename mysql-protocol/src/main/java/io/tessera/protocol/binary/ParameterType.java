package io.tessera.protocol.binary;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.constant.ColumnType;

/**
 * The type a client bound to one placeholder of a prepared statement: the two bytes per parameter that
 * COM_STMT_EXECUTE carries when its new-params-bound flag is set (MySQL manual: "COM_STMT_EXECUTE"):
 * {@code 1 type | 1 flags}, where flag {@code 0x80} marks an unsigned integer.
 */
public record ParameterType(ColumnType type, boolean unsigned) {

    private static final int UNSIGNED_FLAG = 0x80;

    public ParameterType {
        if (!bindable(type)) {
            throw new IllegalArgumentException("type: " + type + " (expected: a type a client can bind)");
        }
    }

    /** Reads the two bytes of parameter {@code index}; an unknown or server-internal type is malformed. */
    static ParameterType of(int index, int code, int flags) {
        ColumnType type = ColumnType.of(code);
        if (type.code() != code || !bindable(type)) {
            throw new MalformedPacketException(String.format(
                    "COM_STMT_EXECUTE parameter %d: type 0x%02x (expected: a type a client can bind)", index, code));
        }
        return new ParameterType(type, (flags & UNSIGNED_FLAG) != 0);
    }

    /** True for the types whose values are bytes sent as {@code X'…'}, never decoded with the client's charset. */
    boolean binary() {
        return switch (type) {
            case TINY_BLOB, MEDIUM_BLOB, LONG_BLOB, BLOB, GEOMETRY, BIT -> true;
            default -> false;
        };
    }

    /** The types that exist only inside the server (binlog, storage) never come from a client. */
    private static boolean bindable(ColumnType type) {
        return switch (type) {
            case NEWDATE, TIMESTAMP2, DATETIME2, TIME2 -> false;
            default -> true;
        };
    }
}
