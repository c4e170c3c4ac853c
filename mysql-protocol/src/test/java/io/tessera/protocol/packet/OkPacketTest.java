package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ServerStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OkPacketTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripKeepsCountersStatusWarningsAndInfo() {
        OkPacket ok = new OkPacket(70_000, 1L << 40, ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS, 3,
                "Rows matched: 1  Changed: 1  Warnings: 0");

        assertThat(payloads.roundTrip(ok::writeTo, OkPacket::read)).isEqualTo(ok);
    }

    @Test
    void writesHeaderZero() {
        assertThat(payloads.hex(OkPacket.of(ServerStatus.AUTOCOMMIT)::writeTo)).isEqualTo("00" + "00" + "00"
                + "0200" + "0000");
        assertThat(payloads.hex(new OkPacket(251, 0, 0, 0, "")::writeTo)).isEqualTo("00" + "fcfb00" + "00"
                + "0000" + "0000");
    }

    @Test
    void writesAsEofWithHeader0xFE() {
        OkPacket ok = OkPacket.of(ServerStatus.AUTOCOMMIT | ServerStatus.MORE_RESULTS_EXISTS);

        assertThat(payloads.hex(ok::writeAsEofTo)).isEqualTo("fe" + "00" + "00" + "0a00" + "0000");
        assertThat(payloads.roundTrip(ok::writeAsEofTo, OkPacket::read)).isEqualTo(ok);
    }

    @Test
    void readsOkWithoutStatusAsZero() {
        assertThat(payloads.read("00 01 00", OkPacket::read)).isEqualTo(new OkPacket(1, 0, 0, 0, ""));
    }

    @Test
    void writesTheInfoLengthEncodedAsMariaDbDoesAndReadsBothForms() {
        assertThat(payloads.hex(new OkPacket(1, 0, 2, 0, "ok")::writeTo)).isEqualTo("00" + "01" + "00" + "0200"
                + "0000" + "02" + "6f6b");
        assertThat(payloads.read("00 01 00 0200 0000 02 6f6b", OkPacket::read)).isEqualTo(new OkPacket(1, 0, 2, 0,
                "ok"));
        assertThat(payloads.read("00 01 00 0200 0000 526f7773", OkPacket::read)).as("MySQL's rest-of-packet info")
                .isEqualTo(new OkPacket(1, 0, 2, 0, "Rows"));
    }
}
