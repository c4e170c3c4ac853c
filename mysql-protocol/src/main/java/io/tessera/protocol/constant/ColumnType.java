package io.tessera.protocol.constant;

/** Column type codes of column definitions (MySQL manual: "enum_field_types"). */
public enum ColumnType {
    DECIMAL(0x00), TINY(0x01), SHORT(0x02), LONG(0x03), FLOAT(0x04), DOUBLE(0x05), NULL(0x06), TIMESTAMP(0x07),
    LONGLONG(0x08), INT24(0x09), DATE(0x0A), TIME(0x0B), DATETIME(0x0C), YEAR(0x0D), NEWDATE(0x0E),
    VARCHAR(0x0F), BIT(0x10), TIMESTAMP2(0x11), DATETIME2(0x12), TIME2(0x13), JSON(0xF5), NEWDECIMAL(0xF6),
    ENUM(0xF7), SET(0xF8), TINY_BLOB(0xF9), MEDIUM_BLOB(0xFA), LONG_BLOB(0xFB), BLOB(0xFC), VAR_STRING(0xFD),
    STRING(0xFE), GEOMETRY(0xFF);

    private static final ColumnType[] BY_CODE = new ColumnType[256];

    static {
        for (ColumnType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;

    ColumnType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this code; unknown codes read as {@link #STRING}, which every client can display. */
    public static ColumnType of(int code) {
        ColumnType t = BY_CODE[code & 0xFF];
        return t == null ? STRING : t;
    }
}
