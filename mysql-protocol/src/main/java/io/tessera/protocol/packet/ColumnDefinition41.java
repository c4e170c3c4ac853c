package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnType;
import java.nio.charset.StandardCharsets;

/**
 * One column of a result set (MySQL manual: "Protocol::ColumnDefinition41"):
 * {@code lenenc "def" | schema | table | org_table | name | org_name | lenenc 0x0c | 2 collation | 4 length |
 * 1 type | 2 flags | 1 decimals | 2 filler}.
 */
public record ColumnDefinition41(String schema, String table, String orgTable, String name, String orgName,
        int collation, long length, ColumnType type, int flags, int decimals) {

    /** A column of a result Tessera computes itself. */
    public static ColumnDefinition41 of(String name, ColumnType type, int collation, long length, int flags) {
        return new ColumnDefinition41("", "", "", name, name, collation, length, type, flags, 0);
    }

    public static ColumnDefinition41 read(PayloadReader in) {
        in.lenencBytes(); // catalog, always "def"
        String schema = in.lenencString(StandardCharsets.UTF_8);
        String table = in.lenencString(StandardCharsets.UTF_8);
        String orgTable = in.lenencString(StandardCharsets.UTF_8);
        String name = in.lenencString(StandardCharsets.UTF_8);
        String orgName = in.lenencString(StandardCharsets.UTF_8);
        in.lenencInt();
        int collation = in.int2();
        long length = in.int4();
        ColumnType type = ColumnType.of(in.int1());
        int flags = in.int2();
        int decimals = in.int1();
        return new ColumnDefinition41(schema, table, orgTable, name, orgName, collation, length, type, flags, decimals);
    }

    public void writeTo(PayloadWriter out) {
        out.lenencString("def").lenencString(schema).lenencString(table).lenencString(orgTable).lenencString(name)
                .lenencString(orgName).int1(0x0C).int2(collation).int4(length).int1(type.code()).int2(flags)
                .int1(decimals).int2(0);
    }
}
