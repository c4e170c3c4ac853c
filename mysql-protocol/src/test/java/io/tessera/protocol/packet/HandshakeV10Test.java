package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandshakeV10Test {

    private static final int CAPABILITIES = Capability.LONG_PASSWORD | Capability.CONNECT_WITH_DB
            | Capability.PROTOCOL_41 | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION
            | Capability.MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.CONNECT_ATTRS
            | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA | Capability.DEPRECATE_EOF;

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripKeepsNonceCapabilitiesAndPlugin() {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        HandshakeV10 greeting = new HandshakeV10("8.0.36-tessera", 0xFFFF_FFFEL, nonce, CAPABILITIES, 45,
                ServerStatus.AUTOCOMMIT, "caching_sha2_password");

        HandshakeV10 read = payloads.roundTrip(greeting::writeTo, HandshakeV10::read);

        assertThat(read.nonce()).containsExactly(nonce);
        assertThat(read).usingRecursiveComparison().isEqualTo(greeting);
    }

    @Test
    void roundTripKeepsCapabilityBit31() {
        int capabilities = CAPABILITIES | (1 << 31); // CLIENT_REMEMBER_OPTIONS makes the int negative
        HandshakeV10 greeting = new HandshakeV10("5.7.44", 1, new Scramble(new SecureRandom()).next(), capabilities,
                33, 0, "mysql_native_password");

        assertThat(payloads.roundTrip(greeting::writeTo, HandshakeV10::read).capabilities()).isEqualTo(capabilities);
    }

    @Test
    void writesCapabilitiesSplitIntoLowAndHighHalves() {
        byte[] nonce = "ABCDEFGHIJKLMNOPQRST".getBytes(StandardCharsets.US_ASCII);
        HandshakeV10 greeting = new HandshakeV10("5.7", 0x04030201L, nonce, 0x01A2_B3C4, 0xE0, 0x0302,
                "mysql_native_password");

        String hex = payloads.hex(greeting::writeTo);

        assertThat(hex).isEqualTo("0a" + "352e3700"     // protocol 10, "5.7" NUL
                + "01020304"                             // connection id
                + "4142434445464748" + "00"              // nonce part 1, filler
                + "c4b3"                                 // capabilities, low 16 bits
                + "e0" + "0203"                          // collation 224, status
                + "a201"                                 // capabilities, high 16 bits
                + "15" + "00".repeat(10)                 // nonce length 21 (with NUL), reserved
                + "494a4b4c4d4e4f5051525354" + "00"      // nonce part 2, NUL
                + hexOf("mysql_native_password") + "00");
    }

    @Test
    void readsGreetingWithoutPluginAuthAsNativePassword() {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        HandshakeV10 greeting = new HandshakeV10("5.1.73", 9, nonce, Capability.PROTOCOL_41
                | Capability.SECURE_CONNECTION, 8, 0, "mysql_native_password");

        HandshakeV10 read = payloads.read(payloads.bytes(greeting::writeTo), HandshakeV10::read);

        assertThat(read.authPlugin()).isEqualTo("mysql_native_password");
        assertThat(read.nonce()).containsExactly(nonce);
    }

    @Test
    void rejectsProtocolVersionOtherThan10() {
        assertThatThrownBy(() -> payloads.read("09 35 00", HandshakeV10::read))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: handshake protocol version 9 (expected: 10)");
    }

    @Test
    void rejectsTruncatedGreeting() {
        assertThatThrownBy(() -> payloads.read("0a 35 00 01 00 00 00 41 42", HandshakeV10::read))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void toStringNamesFieldsButNeverTheNonce() {
        byte[] nonce = "NONCEnonceNONCEnonce".getBytes(StandardCharsets.US_ASCII);
        HandshakeV10 greeting = new HandshakeV10("8.0.36", 7, nonce, CAPABILITIES, 45, 2, "caching_sha2_password");

        assertThat(greeting.toString())
                .contains("serverVersion=8.0.36", "connectionId=7", "authPlugin=caching_sha2_password")
                .doesNotContain(greeting.nonceText(), "NONCE", "nonce", HexFormat.of().formatHex(nonce),
                        Arrays.toString(nonce), ByteBufUtil.hexDump(nonce).substring(0, 8));
    }

    private static String hexOf(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.US_ASCII));
    }
}
