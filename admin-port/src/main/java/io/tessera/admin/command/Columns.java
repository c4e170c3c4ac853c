package io.tessera.admin.command;

import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;

/**
 * Column definitions named after the MySQL field types MyCat 1.6's {@code PacketUtil.getField(name, FIELD_TYPE_*)}
 * calls use, so each command's column list reads like the contract's table (reference contract section 1.13).
 */
final class Columns {

    /** MySQL's decimals value for a floating-point column without a fixed scale. */
    private static final int NOT_FIXED_DECIMALS = 31;

    private Columns() {
    }

    /** {@code FIELD_TYPE_VAR_STRING}. */
    static ColumnDefinition41 varString(String name) {
        return ResultTable.varchar(name);
    }

    /** {@code FIELD_TYPE_VARCHAR} (type 15), which MyCat's statistics commands use for USER and TABLE. */
    static ColumnDefinition41 varchar(String name) {
        return ColumnDefinition41.of(name, ColumnType.VARCHAR, Collations.UTF8MB4_GENERAL_CI, 1024, 0);
    }

    /** {@code FIELD_TYPE_STRING}. */
    static ColumnDefinition41 string(String name) {
        return ColumnDefinition41.of(name, ColumnType.STRING, Collations.UTF8MB4_GENERAL_CI, 1024, 0);
    }

    /** {@code FIELD_TYPE_TINY}: an 8-bit integer, which MyCat uses for a percentage. */
    static ColumnDefinition41 tiny(String name) {
        return ColumnDefinition41.of(name, ColumnType.TINY, Collations.BINARY, 4, ColumnFlag.BINARY | ColumnFlag.NUM);
    }

    /** {@code FIELD_TYPE_LONG}: a 32-bit integer. */
    static ColumnDefinition41 longInt(String name) {
        return ResultTable.integer(name);
    }

    /** {@code FIELD_TYPE_INT24}: MyCat's type for {@code show @@sql.resultset}'s RESULTSET_SIZE. */
    static ColumnDefinition41 int24(String name) {
        return ColumnDefinition41.of(name, ColumnType.INT24, Collations.BINARY, 9, ColumnFlag.BINARY | ColumnFlag.NUM);
    }

    /** {@code FIELD_TYPE_LONGLONG}: a 64-bit integer. */
    static ColumnDefinition41 longLong(String name) {
        return ResultTable.bigint(name);
    }

    /** {@code FIELD_TYPE_DATETIME}, its values written {@code yyyy-MM-dd HH:mm:ss}. */
    static ColumnDefinition41 dateTime(String name) {
        return new ColumnDefinition41("", "", "", name, name, Collations.BINARY, 19, ColumnType.DATETIME,
                ColumnFlag.BINARY, 0);
    }

    /** {@code FIELD_TYPE_FLOAT}. */
    static ColumnDefinition41 floatColumn(String name) {
        return new ColumnDefinition41("", "", "", name, name, Collations.BINARY, 12, ColumnType.FLOAT,
                ColumnFlag.BINARY | ColumnFlag.NUM, NOT_FIXED_DECIMALS);
    }

    /** {@code FIELD_TYPE_DOUBLE}. */
    static ColumnDefinition41 doubleColumn(String name) {
        return new ColumnDefinition41("", "", "", name, name, Collations.BINARY, 22, ColumnType.DOUBLE,
                ColumnFlag.BINARY | ColumnFlag.NUM, NOT_FIXED_DECIMALS);
    }
}
