package io.tessera.backend.jdbc;

import io.tessera.protocol.packet.ColumnDefinition41;

/**
 * One result column of a JDBC data host: the MySQL column definition the client gets, and how each value is read
 * from the {@link java.sql.ResultSet} and printed.
 *
 * @param decimals for {@link Read#DECIMAL}, the scale every value is printed with (-1: its own); for
 *     {@link Read#TIME} and {@link Read#DATETIME} the fraction digits
 */
record JdbcColumn(ColumnDefinition41 definition, Read read, int decimals) {

    /** How a value is read and printed. */
    enum Read {
        /**
         * {@code getBytes}: the value as the MySQL server sent it in its text row. MySQL drivers (Connector/J,
         * MariaDB Connector/J) hand the row's bytes over unchanged, so nothing is lost or reformatted.
         */
        WIRE,
        /** {@code getString}, digits of an integer. */
        INTEGER,
        /** {@code getBoolean}: 1 or 0, as MySQL's BOOLEAN (TINYINT(1)) prints. */
        BOOLEAN,
        DECIMAL,
        FLOAT,
        DOUBLE,
        DATE,
        TIME,
        DATETIME,
        /** {@code getBytes}: binary strings and blobs. */
        BYTES,
        /** {@code getString}: text, and any type MySQL has no counterpart of, shown as its text. */
        TEXT
    }
}
