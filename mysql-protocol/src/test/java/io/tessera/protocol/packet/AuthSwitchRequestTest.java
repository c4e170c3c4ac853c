package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.auth.Scramble;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AuthSwitchRequestTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripKeepsPluginAndNonce() {
        AuthSwitchRequest request = new AuthSwitchRequest("mysql_native_password",
                new Scramble(new SecureRandom()).next());

        AuthSwitchRequest read = payloads.roundTrip(request::writeTo, AuthSwitchRequest::read);

        assertThat(read).usingRecursiveComparison().isEqualTo(request);
    }

    @Test
    void writesHeaderPluginNonceAndNul() {
        AuthSwitchRequest request = new AuthSwitchRequest("p", new byte[] {0x41, 0x42});

        assertThat(payloads.hex(request::writeTo)).isEqualTo("fe" + "7000" + "4142" + "00");
    }

    @Test
    void readsNonceThatLacksTheTrailingNul() {
        AuthSwitchRequest read = payloads.read("fe 70 00 41 42 43", AuthSwitchRequest::read);

        assertThat(read.plugin()).isEqualTo("p");
        assertThat(read.nonce()).containsExactly(0x41, 0x42, 0x43);
    }

    @Test
    void toStringNamesThePluginButNeverTheNonce() {
        byte[] nonce = "NONCEnonceNONCEnonce".getBytes(StandardCharsets.US_ASCII);

        assertThat(new AuthSwitchRequest("caching_sha2_password", nonce).toString())
                .isEqualTo("AuthSwitchRequest[plugin=caching_sha2_password]")
                .doesNotContain("NONCE", HexFormat.of().formatHex(nonce), Arrays.toString(nonce));
    }
}
