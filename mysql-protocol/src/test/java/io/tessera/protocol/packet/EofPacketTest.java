package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ServerStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EofPacketTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void writesHeaderWarningsAndStatus() {
        EofPacket eof = new EofPacket(1, ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);

        assertThat(payloads.hex(eof::writeTo)).isEqualTo("fe" + "0100" + "0300");
    }

    @Test
    void roundTripKeepsWarningsAndStatus() {
        EofPacket eof = new EofPacket(65_535, ServerStatus.MORE_RESULTS_EXISTS | ServerStatus.SESSION_STATE_CHANGED);

        assertThat(payloads.roundTrip(eof::writeTo, EofPacket::read)).isEqualTo(eof);
    }
}
