package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ColumnDefinition41Test {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripKeepsEveryField() {
        ColumnDefinition41 column = new ColumnDefinition41("db1", "t", "travelrecord", "fee", "fee_org",
                Collations.BINARY, 0xFFFF_FFFFL, ColumnType.NEWDECIMAL, ColumnFlag.NOT_NULL | ColumnFlag.NUM, 2);

        ColumnDefinition41 read = payloads.read(payloads.bytes(column::writeTo), ColumnDefinition41::read);

        assertThat(read).isEqualTo(column);
    }

    @Test
    void writesTheManualsLayout() {
        ColumnDefinition41 column = ColumnDefinition41.of("id", ColumnType.LONGLONG, Collations.BINARY, 20,
                ColumnFlag.NOT_NULL | ColumnFlag.PRIMARY_KEY);

        assertThat(payloads.hex(column::writeTo)).isEqualTo("03646566" // catalog "def"
                + "00" + "00" + "00"                                   // schema, table, org_table
                + "026964" + "026964"                                  // name, org_name
                + "0c" + "3f00" + "14000000" + "08" + "0300" + "00"   // fixed fields: collation .. decimals
                + "0000");                                             // filler
    }

    @Test
    void readsNullSchemaAsNull() {
        ColumnDefinition41 column = new ColumnDefinition41(null, "", "", "c", "c", 45, 1, ColumnType.VARCHAR, 0, 0);

        assertThat(payloads.read(payloads.bytes(column::writeTo), ColumnDefinition41::read)).isEqualTo(column);
    }

    @Test
    void readsUnknownTypeCodeAsString() {
        ColumnDefinition41 column = ColumnDefinition41.of("c", ColumnType.VARCHAR, 45, 10, 0);
        byte[] payload = payloads.bytes(column::writeTo);
        payload[payload.length - 2 - 1 - 2 - 1] = (byte) 0x20; // the type byte: an unassigned code

        assertThat(payloads.read(payload, ColumnDefinition41::read).type()).isEqualTo(ColumnType.STRING);
    }
}
