package io.tessera.proxy.exec.merge;

import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.packet.ColumnDefinition41;

/** How the text values of a result column compare, as MySQL orders that column's type. */
enum ValueType {
    /** Integers that fit a {@code long}. */
    INTEGER,
    /** BIGINT UNSIGNED. */
    UNSIGNED,
    DECIMAL,
    /** FLOAT and DOUBLE. */
    APPROXIMATE,
    /** DATE, DATETIME, TIMESTAMP: fixed-width text that sorts as it reads. */
    TEMPORAL,
    /** TIME: signed, hours of any width. */
    TIME,
    /** Binary strings and BIT: byte by byte. */
    BYTES,
    /** Character strings: by their collation, through the weight the data node computed. */
    COLLATED,
    /** ENUM, SET, JSON, GEOMETRY: MySQL orders them by something the text does not show. */
    UNORDERED;

    static ValueType of(ColumnDefinition41 column) {
        if ((column.flags() & (ColumnFlag.ENUM | ColumnFlag.SET)) != 0) {
            return UNORDERED;
        }
        return switch (column.type()) {
            case TINY, SHORT, LONG, INT24, YEAR -> INTEGER;
            case LONGLONG -> (column.flags() & ColumnFlag.UNSIGNED) != 0 ? UNSIGNED : INTEGER;
            case DECIMAL, NEWDECIMAL -> DECIMAL;
            case FLOAT, DOUBLE -> APPROXIMATE;
            case DATE, NEWDATE, DATETIME, DATETIME2, TIMESTAMP, TIMESTAMP2 -> TEMPORAL;
            case TIME, TIME2 -> TIME;
            case BIT, NULL -> BYTES;
            case ENUM, SET, JSON, GEOMETRY -> UNORDERED;
            case VARCHAR, VAR_STRING, STRING, TINY_BLOB, MEDIUM_BLOB, LONG_BLOB, BLOB ->
                    column.collation() == Collations.BINARY ? BYTES : COLLATED;
        };
    }

    boolean isNumeric() {
        return this == INTEGER || this == UNSIGNED || this == DECIMAL || this == APPROXIMATE;
    }
}
