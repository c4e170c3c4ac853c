package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.auth.CachingSha2Password;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AuthMoreDataTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripKeepsTheData() {
        AuthMoreData more = new AuthMoreData("-----BEGIN PUBLIC KEY-----\nMIIB\n".getBytes(StandardCharsets.US_ASCII));

        assertThat(payloads.roundTrip(more::writeTo, AuthMoreData::read)).usingRecursiveComparison().isEqualTo(more);
    }

    @Test
    void statusIsTheFirstDataByte() {
        AuthMoreData more = payloads.read("01 04", AuthMoreData::read);

        assertThat(more.status()).isEqualTo(CachingSha2Password.PERFORM_FULL_AUTHENTICATION);
        assertThat(payloads.read("01", AuthMoreData::read).status()).isEqualTo(-1);
    }

    @Test
    void toStringNeverShowsTheData() {
        AuthMoreData more = new AuthMoreData("KEYMATERIAL".getBytes(StandardCharsets.US_ASCII));

        assertThat(more.toString()).isEqualTo("AuthMoreData[length=11]");
    }
}
