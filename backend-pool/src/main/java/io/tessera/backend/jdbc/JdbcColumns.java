package io.tessera.backend.jdbc;

import io.tessera.backend.jdbc.JdbcColumn.Read;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps the columns of a JDBC result onto MySQL column definitions (MySQL manual: "Protocol::ColumnDefinition41").
 *
 * <p>A MySQL or MariaDB data host's driver names each column's MySQL type ({@code INT UNSIGNED}, {@code DATETIME},
 * {@code MEDIUMTEXT}...): that name gives back the exact type, and the values pass as the server printed them
 * ({@link Read#WIRE}). Any other database is mapped from {@link Types}: integers, DECIMAL, FLOAT, DOUBLE, DATE, TIME
 * and TIMESTAMP (as DATETIME) keep their kind and are printed as MySQL prints them ({@link MysqlText}); booleans
 * become TINYINT(1); binary types VARBINARY or BLOB; everything else (text, UUID, JSON, intervals, time zones...)
 * a VARCHAR holding the database's own text of the value.
 */
final class JdbcColumns {

    /** Bytes per character of utf8mb4, the character set of every text column Tessera describes. */
    private static final int UTF8MB4_BYTES = 4;
    /** MySQL's NOT_FIXED_DEC: the decimals of a FLOAT or DOUBLE whose digits are not fixed. */
    private static final int NOT_FIXED_DEC = 31;
    private static final int MAX_DECIMAL_PRECISION = 65;
    private static final int MAX_DECIMAL_SCALE = 30;
    private static final int MAX_FRACTION_DIGITS = 6;
    private static final long MAX_LENGTH = 0xFFFF_FFFFL;
    private static final int DATE_LENGTH = 10;
    private static final int TIME_LENGTH = 10;
    private static final int DATETIME_LENGTH = 19;

    private JdbcColumns() {
    }

    /**
     * The columns of {@code meta}.
     *
     * @param mysql the data host is MySQL or MariaDB, reached with a MySQL driver (type names and wire values)
     */
    static List<JdbcColumn> of(ResultSetMetaData meta, boolean mysql) throws SQLException {
        int count = meta.getColumnCount();
        List<JdbcColumn> columns = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            Described d = new Described(meta.getCatalogName(i), meta.getTableName(i), meta.getColumnLabel(i),
                    meta.getColumnName(i), meta.getColumnType(i), meta.getColumnTypeName(i), meta.getPrecision(i),
                    meta.getScale(i), meta.isSigned(i), meta.isNullable(i) == ResultSetMetaData.columnNoNulls);
            JdbcColumn column = mysql ? fromMysqlName(d) : null;
            columns.add(column != null ? column : fromJdbcType(d));
        }
        return columns;
    }

    /**
     * What JDBC says of one column.
     *
     * @param typeName the driver's type name, e.g. {@code INT UNSIGNED} or {@code int4}
     */
    record Described(String schema, String table, String label, String name, int jdbcType, String typeName,
            int precision, int scale, boolean signed, boolean notNull) {
    }

    /** The column of a MySQL driver's type name; {@code null} for a name it does not know. */
    static JdbcColumn fromMysqlName(Described d) {
        String name = d.typeName() == null ? "" : d.typeName().toUpperCase(Locale.ROOT);
        boolean unsigned = name.endsWith(" UNSIGNED");
        String base = unsigned ? name.substring(0, name.length() - " UNSIGNED".length()) : name;
        int flags = (d.notNull() ? ColumnFlag.NOT_NULL : 0) | (unsigned ? ColumnFlag.UNSIGNED : 0);
        long precision = Math.max(d.precision(), 0);
        return switch (base) {
            case "TINYINT" -> number(d, ColumnType.TINY, precision, flags, 0);
            // Connector/J's name for a signed TINYINT(1) (transformedBitIsBoolean); TINYINT(1) UNSIGNED stays TINYINT
            case "BOOLEAN" -> number(d, ColumnType.TINY, 1, flags, 0);
            case "SMALLINT" -> number(d, ColumnType.SHORT, precision, flags, 0);
            case "MEDIUMINT" -> number(d, ColumnType.INT24, precision, flags, 0);
            case "INT", "INTEGER" -> number(d, ColumnType.LONG, precision, flags, 0);
            case "BIGINT" -> number(d, ColumnType.LONGLONG, precision, flags, 0);
            case "DECIMAL" -> number(d, ColumnType.NEWDECIMAL, decimalLength(precision, d.scale(), unsigned),
                    flags, d.scale());
            case "FLOAT" -> number(d, ColumnType.FLOAT, precision, flags, d.scale() > 0 ? d.scale() : NOT_FIXED_DEC);
            case "DOUBLE" -> number(d, ColumnType.DOUBLE, precision, flags,
                    d.scale() > 0 ? d.scale() : NOT_FIXED_DEC);
            case "YEAR" -> wire(d, ColumnType.YEAR, precision, flags | ColumnFlag.UNSIGNED | ColumnFlag.NUM,
                    Collations.BINARY, 0);
            case "DATE" -> wire(d, ColumnType.DATE, precision, flags | ColumnFlag.BINARY, Collations.BINARY, 0);
            case "TIME" -> wire(d, ColumnType.TIME, precision, flags | ColumnFlag.BINARY, Collations.BINARY,
                    fraction(precision, TIME_LENGTH));
            case "DATETIME" -> wire(d, ColumnType.DATETIME, precision, flags | ColumnFlag.BINARY, Collations.BINARY,
                    fraction(precision, DATETIME_LENGTH));
            case "TIMESTAMP" -> wire(d, ColumnType.TIMESTAMP, precision, flags | ColumnFlag.BINARY,
                    Collations.BINARY, fraction(precision, DATETIME_LENGTH));
            case "VARCHAR" -> text(d, ColumnType.VAR_STRING, precision, flags);
            case "CHAR" -> text(d, ColumnType.STRING, precision, flags);
            case "TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT" -> text(d, ColumnType.BLOB, precision,
                    flags | ColumnFlag.BLOB);
            case "ENUM" -> text(d, ColumnType.STRING, precision, flags | ColumnFlag.ENUM);
            case "SET" -> text(d, ColumnType.STRING, precision, flags | ColumnFlag.SET);
            case "VARBINARY" -> wire(d, ColumnType.VAR_STRING, precision, flags | ColumnFlag.BINARY,
                    Collations.BINARY, 0);
            case "BINARY" -> wire(d, ColumnType.STRING, precision, flags | ColumnFlag.BINARY, Collations.BINARY, 0);
            case "TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB" -> wire(d, ColumnType.BLOB, precision,
                    flags | ColumnFlag.BINARY | ColumnFlag.BLOB, Collations.BINARY, 0);
            case "JSON" -> wire(d, ColumnType.JSON, precision, flags | ColumnFlag.BINARY | ColumnFlag.BLOB,
                    Collations.BINARY, 0);
            case "BIT" -> wire(d, ColumnType.BIT, precision, flags | ColumnFlag.UNSIGNED, Collations.BINARY, 0);
            case "GEOMETRY" -> wire(d, ColumnType.GEOMETRY, precision, flags | ColumnFlag.BINARY | ColumnFlag.BLOB,
                    Collations.BINARY, 0);
            case "NULL" -> wire(d, ColumnType.NULL, 0, flags | ColumnFlag.BINARY, Collations.BINARY, 0);
            default -> null;
        };
    }

    /** The column of a JDBC type, for a database that is not MySQL. */
    static JdbcColumn fromJdbcType(Described d) {
        int flags = d.notNull() ? ColumnFlag.NOT_NULL : 0;
        int unsigned = d.signed() ? 0 : ColumnFlag.UNSIGNED;
        long precision = Math.max(d.precision(), 0);
        return switch (d.jdbcType()) {
            case Types.BIT, Types.BOOLEAN -> column(d, ColumnType.TINY, 1, flags | ColumnFlag.NUM, Collations.BINARY,
                    0, Read.BOOLEAN, 0);
            case Types.TINYINT -> integer(d, ColumnType.TINY, 4, flags | unsigned);
            case Types.SMALLINT -> integer(d, ColumnType.SHORT, 6, flags | unsigned);
            case Types.INTEGER -> integer(d, ColumnType.LONG, 11, flags | unsigned);
            case Types.BIGINT -> integer(d, ColumnType.LONGLONG, 20, flags | unsigned);
            case Types.REAL -> column(d, ColumnType.FLOAT, 12, flags | ColumnFlag.NUM, Collations.BINARY,
                    NOT_FIXED_DEC, Read.FLOAT, 0);
            case Types.FLOAT, Types.DOUBLE -> column(d, ColumnType.DOUBLE, 22, flags | ColumnFlag.NUM,
                    Collations.BINARY, NOT_FIXED_DEC, Read.DOUBLE, 0);
            case Types.NUMERIC, Types.DECIMAL -> decimal(d, flags | unsigned);
            case Types.DATE -> column(d, ColumnType.DATE, DATE_LENGTH, flags | ColumnFlag.BINARY, Collations.BINARY,
                    0, Read.DATE, 0);
            case Types.TIME -> {
                int digits = clampFraction(d.scale());
                yield column(d, ColumnType.TIME, TIME_LENGTH + (digits > 0 ? digits + 1 : 0),
                        flags | ColumnFlag.BINARY, Collations.BINARY, digits, Read.TIME, digits);
            }
            case Types.TIMESTAMP -> {
                int digits = clampFraction(d.scale());
                yield column(d, ColumnType.DATETIME, DATETIME_LENGTH + (digits > 0 ? digits + 1 : 0),
                        flags | ColumnFlag.BINARY, Collations.BINARY, digits, Read.DATETIME, digits);
            }
            case Types.BINARY, Types.VARBINARY -> column(d, ColumnType.VAR_STRING, bounded(precision),
                    flags | ColumnFlag.BINARY, Collations.BINARY, 0, Read.BYTES, 0);
            case Types.LONGVARBINARY, Types.BLOB -> column(d, ColumnType.BLOB, bounded(precision),
                    flags | ColumnFlag.BINARY | ColumnFlag.BLOB, Collations.BINARY, 0, Read.BYTES, 0);
            case Types.NULL -> column(d, ColumnType.NULL, 0, flags | ColumnFlag.BINARY, Collations.BINARY, 0,
                    Read.TEXT, 0);
            case Types.CHAR, Types.NCHAR -> column(d, ColumnType.STRING, bounded(precision * UTF8MB4_BYTES), flags,
                    Collations.UTF8MB4_GENERAL_CI, 0, Read.TEXT, 0);
            default -> column(d, ColumnType.VAR_STRING, bounded(precision * UTF8MB4_BYTES), flags,
                    Collations.UTF8MB4_GENERAL_CI, 0, Read.TEXT, 0);
        };
    }

    private static JdbcColumn number(Described d, ColumnType type, long length, int flags, int decimals) {
        return column(d, type, length, flags | ColumnFlag.NUM, Collations.BINARY, decimals, Read.WIRE, 0);
    }

    private static JdbcColumn wire(Described d, ColumnType type, long length, int flags, int collation,
            int decimals) {
        return column(d, type, length, flags, collation, decimals, Read.WIRE, 0);
    }

    /** A text column of a MySQL driver: the driver counts characters, the wire bytes of utf8mb4. */
    private static JdbcColumn text(Described d, ColumnType type, long precision, int flags) {
        return column(d, type, bounded(precision * UTF8MB4_BYTES), flags, Collations.UTF8MB4_GENERAL_CI, 0,
                Read.WIRE, 0);
    }

    private static JdbcColumn integer(Described d, ColumnType type, int length, int flags) {
        return column(d, type, length, flags | ColumnFlag.NUM, Collations.BINARY, 0, Read.INTEGER, 0);
    }

    /**
     * DECIMAL(p, s) as MySQL has it when JDBC gives a precision and scale MySQL can hold; otherwise (an unconstrained
     * NUMERIC) a DECIMAL whose values keep their own digits.
     */
    private static JdbcColumn decimal(Described d, int flags) {
        boolean fixed = d.precision() >= 1 && d.precision() <= MAX_DECIMAL_PRECISION && d.scale() >= 0
                && d.scale() <= MAX_DECIMAL_SCALE && d.scale() <= d.precision();
        if (fixed) {
            return column(d, ColumnType.NEWDECIMAL, decimalLength(d.precision(), d.scale(), !d.signed()),
                    flags | ColumnFlag.NUM, Collations.BINARY, d.scale(), Read.DECIMAL, d.scale());
        }
        return column(d, ColumnType.NEWDECIMAL, MAX_DECIMAL_PRECISION + 2, flags | ColumnFlag.NUM, Collations.BINARY,
                NOT_FIXED_DEC, Read.DECIMAL, -1);
    }

    /** MySQL's display length of DECIMAL(p, s): the digits, the point, the sign. */
    private static long decimalLength(long precision, int scale, boolean unsigned) {
        return precision + (scale > 0 ? 1 : 0) + (unsigned ? 0 : 1);
    }

    /** The fraction digits of a TIME or DATETIME from its display length ({@code 19} + 1 + digits). */
    private static int fraction(long length, int withoutFraction) {
        return length > withoutFraction + 1 ? clampFraction((int) (length - withoutFraction - 1)) : 0;
    }

    private static int clampFraction(int digits) {
        return Math.max(0, Math.min(digits, MAX_FRACTION_DIGITS));
    }

    private static long bounded(long length) {
        return Math.min(length, MAX_LENGTH);
    }

    private static JdbcColumn column(Described d, ColumnType type, long length, int flags, int collation,
            int decimals, Read read, int readDecimals) {
        String schema = d.schema() == null ? "" : d.schema();
        String table = d.table() == null ? "" : d.table();
        String label = d.label() == null ? "" : d.label();
        String name = d.name() == null || d.name().isEmpty() ? label : d.name();
        return new JdbcColumn(new ColumnDefinition41(schema, table, table, label, name, collation, length, type,
                flags, decimals), read, readDecimals);
    }
}
