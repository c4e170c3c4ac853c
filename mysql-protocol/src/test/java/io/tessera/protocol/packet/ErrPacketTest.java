package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ErrPacketTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void writesCodeSqlStateMarkerAndMessage() {
        ErrPacket err = new ErrPacket(1146, "42S02", "Table 'db.t' doesn't exist");

        assertThat(payloads.hex(err::writeTo)).isEqualTo("ff" + "7a04" + "23" + "3432533032"
                + HexFormat.of().formatHex("Table 'db.t' doesn't exist".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void writesNoSqlStateMarkerBeforeTheHandshake() {
        ErrPacket err = new ErrPacket(1040, "08004", "Too many connections");

        assertThat(payloads.hex(err::writeBeforeHandshakeTo)).isEqualTo("ff" + "1004"
                + HexFormat.of().formatHex("Too many connections".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void roundTripKeepsAllFields() {
        ErrPacket err = new ErrPacket(1105, "HY000", "data node dn2 (host2 10.0.0.5:3306): no connection — ü");

        assertThat(payloads.roundTrip(err::writeTo, ErrPacket::read)).isEqualTo(err);
    }

    @Test
    void readsErrWithoutSqlStateMarkerAsHY000() {
        assertThat(payloads.read("ff 48 04 6e 6f", ErrPacket::read)).isEqualTo(new ErrPacket(1096, "HY000", "no"));
    }

    @Test
    void convertsToAndFromTesseraException() {
        TesseraException e = ErrorCode.BAD_DB_ERROR.exception("nope");

        ErrPacket err = ErrPacket.of(e);

        assertThat(err).isEqualTo(new ErrPacket(1049, "42000", "Unknown database 'nope'"));
        assertThat(err.toException()).satisfies(back -> {
            assertThat(back).isInstanceOf(DataHostError.class); // only data hosts send Tessera ERR packets
            assertThat(back.errorCode()).isEqualTo(1049);
            assertThat(back.sqlState()).isEqualTo("42000");
            assertThat(back).hasMessage("Unknown database 'nope'");
        });
    }
}
