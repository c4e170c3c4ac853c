package io.tessera.backend.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.jdbc.JdbcColumn.Read;
import io.tessera.backend.jdbc.JdbcColumns.Described;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.sql.Types;
import org.junit.jupiter.api.Test;

class JdbcColumnsTest {

    private static Described mysql(String typeName, int precision, int scale) {
        return new Described("db", "t", "c", "c", Types.OTHER, typeName, precision, scale, true, false);
    }

    private static Described jdbc(int type, String typeName, int precision, int scale, boolean signed) {
        return new Described("db", "t", "c", "c", type, typeName, precision, scale, signed, false);
    }

    @Test
    void aMysqlTypeNameGivesTheExactTypeAndTheWireValue() {
        JdbcColumn c = JdbcColumns.fromMysqlName(mysql("INT UNSIGNED", 10, 0));
        assertThat(c.read()).isEqualTo(Read.WIRE);
        assertThat(c.definition().type()).isEqualTo(ColumnType.LONG);
        assertThat(c.definition().flags() & ColumnFlag.UNSIGNED).isNotZero();
        assertThat(JdbcColumns.fromMysqlName(mysql("MEDIUMINT", 8, 0)).definition().type())
                .isEqualTo(ColumnType.INT24);
        assertThat(JdbcColumns.fromMysqlName(mysql("BIGINT", 20, 0)).definition().type())
                .isEqualTo(ColumnType.LONGLONG);
        assertThat(JdbcColumns.fromMysqlName(mysql("YEAR", 4, 0)).definition().type()).isEqualTo(ColumnType.YEAR);
        ColumnDefinition41 tinyint1 = JdbcColumns.fromMysqlName(mysql("BOOLEAN", 3, 0)).definition();
        assertThat(tinyint1.type()).isEqualTo(ColumnType.TINY);
        assertThat(tinyint1.length()).isEqualTo(1);
        assertThat(tinyint1.flags() & ColumnFlag.UNSIGNED).isZero();
    }

    @Test
    void mysqlDecimalsAndTemporalTypesKeepTheirScale() {
        ColumnDefinition41 decimal = JdbcColumns.fromMysqlName(mysql("DECIMAL", 10, 3)).definition();
        assertThat(decimal.type()).isEqualTo(ColumnType.NEWDECIMAL);
        assertThat(decimal.decimals()).isEqualTo(3);
        assertThat(decimal.length()).isEqualTo(12); // 10 digits, the point, the sign
        ColumnDefinition41 datetime = JdbcColumns.fromMysqlName(mysql("DATETIME", 23, 0)).definition();
        assertThat(datetime.type()).isEqualTo(ColumnType.DATETIME);
        assertThat(datetime.decimals()).isEqualTo(3);
        assertThat(JdbcColumns.fromMysqlName(mysql("TIMESTAMP", 19, 0)).definition().decimals()).isZero();
        assertThat(JdbcColumns.fromMysqlName(mysql("DOUBLE", 22, 0)).definition().decimals()).isEqualTo(31);
    }

    @Test
    void mysqlStringsAreTextOrBinaryByCollation() {
        ColumnDefinition41 varchar = JdbcColumns.fromMysqlName(mysql("VARCHAR", 20, 0)).definition();
        assertThat(varchar.type()).isEqualTo(ColumnType.VAR_STRING);
        assertThat(varchar.collation()).isEqualTo(Collations.UTF8MB4_GENERAL_CI);
        assertThat(varchar.length()).isEqualTo(80);
        ColumnDefinition41 varbinary = JdbcColumns.fromMysqlName(mysql("VARBINARY", 20, 0)).definition();
        assertThat(varbinary.collation()).isEqualTo(Collations.BINARY);
        assertThat(varbinary.flags() & ColumnFlag.BINARY).isNotZero();
        ColumnDefinition41 blob = JdbcColumns.fromMysqlName(mysql("MEDIUMBLOB", 16_777_215, 0)).definition();
        assertThat(blob.type()).isEqualTo(ColumnType.BLOB);
        assertThat(blob.length()).isEqualTo(16_777_215);
        assertThat(JdbcColumns.fromMysqlName(mysql("ENUM", 1, 0)).definition().flags() & ColumnFlag.ENUM)
                .isNotZero();
        assertThat(JdbcColumns.fromMysqlName(mysql("int4", 10, 0))).isNull();
    }

    @Test
    void otherDatabasesMapByJdbcType() {
        JdbcColumn bool = JdbcColumns.fromJdbcType(jdbc(Types.BIT, "bool", 1, 0, false));
        assertThat(bool.definition().type()).isEqualTo(ColumnType.TINY);
        assertThat(bool.definition().length()).isEqualTo(1);
        assertThat(bool.read()).isEqualTo(Read.BOOLEAN);
        assertThat(JdbcColumns.fromJdbcType(jdbc(Types.INTEGER, "int4", 10, 0, true)).definition().type())
                .isEqualTo(ColumnType.LONG);
        assertThat(JdbcColumns.fromJdbcType(jdbc(Types.BIGINT, "int8", 19, 0, true)).read())
                .isEqualTo(Read.INTEGER);
        assertThat(JdbcColumns.fromJdbcType(jdbc(Types.REAL, "float4", 8, 8, true)).read()).isEqualTo(Read.FLOAT);
        assertThat(JdbcColumns.fromJdbcType(jdbc(Types.DOUBLE, "float8", 17, 17, true)).definition().type())
                .isEqualTo(ColumnType.DOUBLE);
    }

    @Test
    void numericsAreFixedWhenMysqlCanHoldThem() {
        JdbcColumn fixed = JdbcColumns.fromJdbcType(jdbc(Types.NUMERIC, "numeric", 10, 2, true));
        assertThat(fixed.definition().decimals()).isEqualTo(2);
        assertThat(fixed.decimals()).isEqualTo(2);
        JdbcColumn free = JdbcColumns.fromJdbcType(jdbc(Types.NUMERIC, "numeric", 0, 0, true));
        assertThat(free.definition().decimals()).isEqualTo(31);
        assertThat(free.decimals()).isEqualTo(-1);
    }

    @Test
    void timestampsBecomeDatetimesWithTheirFraction() {
        JdbcColumn ts = JdbcColumns.fromJdbcType(jdbc(Types.TIMESTAMP, "timestamp", 29, 6, false));
        assertThat(ts.definition().type()).isEqualTo(ColumnType.DATETIME);
        assertThat(ts.definition().decimals()).isEqualTo(6);
        assertThat(ts.definition().length()).isEqualTo(26);
        assertThat(ts.read()).isEqualTo(Read.DATETIME);
        assertThat(JdbcColumns.fromJdbcType(jdbc(Types.DATE, "date", 13, 0, false)).definition().type())
                .isEqualTo(ColumnType.DATE);
    }

    @Test
    void anythingElseIsItsTextInAVarchar() {
        JdbcColumn uuid = JdbcColumns.fromJdbcType(jdbc(Types.OTHER, "uuid", 2_147_483_647, 0, false));
        assertThat(uuid.definition().type()).isEqualTo(ColumnType.VAR_STRING);
        assertThat(uuid.definition().length()).isEqualTo(0xFFFF_FFFFL);
        assertThat(uuid.read()).isEqualTo(Read.TEXT);
        JdbcColumn bytea = JdbcColumns.fromJdbcType(jdbc(Types.BINARY, "bytea", 2_147_483_647, 0, false));
        assertThat(bytea.definition().collation()).isEqualTo(Collations.BINARY);
        assertThat(bytea.read()).isEqualTo(Read.BYTES);
    }
}
