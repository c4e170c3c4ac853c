package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.constant.Capability;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandshakeResponse41Test {

    /** What mysql-connector-j 8 sends: 4.1, secure connection, plugin auth with length-encoded data. */
    private static final int MODERN = Capability.LONG_PASSWORD | Capability.PROTOCOL_41 | Capability.TRANSACTIONS
            | Capability.SECURE_CONNECTION | Capability.MULTI_RESULTS | Capability.PLUGIN_AUTH
            | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA | Capability.DEPRECATE_EOF;

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripWithLenencAuthDatabasePluginAndAttributes() {
        HandshakeResponse41 response = new HandshakeResponse41(
                MODERN | Capability.CONNECT_WITH_DB | Capability.CONNECT_ATTRS, 16_777_216, 255, "app",
                sequence(32), "TESTDB", "caching_sha2_password",
                Map.of("_client_name", "libmysql", "_os", "Linux", "program_name", "mysql", "note", "ü"));

        HandshakeResponse41 read = payloads.roundTrip(response::writeTo, HandshakeResponse41::read);

        assertThat(read).usingRecursiveComparison().isEqualTo(response);
    }

    @Test
    void roundTripWithoutDatabase() {
        HandshakeResponse41 withFlag = new HandshakeResponse41(MODERN | Capability.CONNECT_WITH_DB, 1 << 24, 45,
                "root", sequence(20), null, "mysql_native_password", Map.of());
        HandshakeResponse41 withoutFlag = new HandshakeResponse41(MODERN, 1 << 24, 45, "root", sequence(20), null,
                "mysql_native_password", Map.of());

        assertThat(payloads.roundTrip(withFlag::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(withFlag);
        assertThat(payloads.roundTrip(withoutFlag::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(withoutFlag);
    }

    @Test
    void roundTripWithoutPluginAuth() {
        HandshakeResponse41 response = new HandshakeResponse41(Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION
                | Capability.CONNECT_WITH_DB, 1 << 24, 33, "old", sequence(20), "db1", null, Map.of());

        assertThat(payloads.roundTrip(response::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(response);
    }

    @Test
    void roundTripWithEmptyAuthResponse() {
        HandshakeResponse41 response = new HandshakeResponse41(MODERN, 1 << 24, 45, "nopass", new byte[0], null,
                "mysql_native_password", Map.of());

        assertThat(payloads.roundTrip(response::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(response);
    }

    @Test
    void writesTheManualsLayout() {
        HandshakeResponse41 response = new HandshakeResponse41(MODERN | Capability.CONNECT_WITH_DB
                | Capability.CONNECT_ATTRS, 0x01000000, 0x2D, "u", new byte[] {(byte) 0xAA, (byte) 0xBB}, "d",
                "p", Map.of("_os", "x"));

        assertThat(payloads.hex(response::writeTo)).isEqualTo(
                le32(MODERN | Capability.CONNECT_WITH_DB | Capability.CONNECT_ATTRS)
                        + "00000001" + "2d" + "00".repeat(23) // max packet, collation, filler
                        + "7500"                               // user "u"
                        + "02aabb"                             // auth response, length-encoded
                        + "6400"                               // database "d"
                        + "7000"                               // plugin "p"
                        + "06" + "035f6f73" + "0178");         // attributes: 6 bytes, "_os" = "x"
    }

    @Test
    void lengthEncodesAnAuthResponseOf256Bytes() {
        // the RSA-encrypted password of caching_sha2_password full authentication is 256 bytes
        HandshakeResponse41 response = new HandshakeResponse41(MODERN, 1 << 24, 45, "u", sequence(256), null,
                "caching_sha2_password", Map.of());

        String hex = payloads.hex(response::writeTo);

        assertThat(hex.substring(2 * (32 + 2), 2 * (32 + 2 + 3))).isEqualTo("fc0001");
        assertThat(payloads.roundTrip(response::writeTo, HandshakeResponse41::read).authResponse())
                .containsExactly(sequence(256));
    }

    @Test
    void writesOneByteAuthLengthWithoutLenencClientData() {
        int capabilities = Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION | Capability.PLUGIN_AUTH;
        HandshakeResponse41 response = new HandshakeResponse41(capabilities, 1 << 24, 45, "u", sequence(20), null,
                "mysql_native_password", Map.of());

        String hex = payloads.hex(response::writeTo);

        assertThat(hex.substring(2 * (32 + 2), 2 * (32 + 2 + 1))).isEqualTo("14");
        assertThat(payloads.roundTrip(response::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(response);
    }

    @Test
    void writesNulTerminatedAuthWithoutSecureConnection() {
        // a pre-4.1 style client: the 8-byte scramble ends with NUL, as read() expects
        HandshakeResponse41 response = new HandshakeResponse41(Capability.PROTOCOL_41 | Capability.CONNECT_WITH_DB,
                1 << 24, 8, "u", "ABCDEFGH".getBytes(StandardCharsets.US_ASCII), "db", null, Map.of());

        String hex = payloads.hex(response::writeTo);

        assertThat(hex.substring(2 * (32 + 2))).isEqualTo("414243444546474800" + "646200");
        assertThat(payloads.roundTrip(response::writeTo, HandshakeResponse41::read))
                .usingRecursiveComparison().isEqualTo(response);
    }

    @Test
    void readsAttributesAsConnectorsSendThem() {
        String payload = le32(MODERN | Capability.CONNECT_ATTRS) + "00000001" + "2d" + "00".repeat(23)
                + "7500" + "00" + hex("mysql_native_password") + "00"
                + "13" + "0c" + hex("_client_name") + "05" + hex("mysql");

        HandshakeResponse41 read = payloads.read(payload, HandshakeResponse41::read);

        assertThat(read.attributes()).containsExactly(Map.entry("_client_name", "mysql"));
        assertThat(read.authResponse()).isEmpty();
    }

    @Test
    void rejectsNullConnectionAttribute() {
        String payload = le32(MODERN | Capability.CONNECT_ATTRS) + "00000001" + "2d" + "00".repeat(23)
                + "7500" + "00" + "7000" + "03" + "01" + "6b" + "fb";

        assertThatThrownBy(() -> payloads.read(payload, HandshakeResponse41::read))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: connection attribute: NULL value");
    }

    @Test
    void rejectsTruncatedResponse() {
        assertThatThrownBy(() -> payloads.read(le32(MODERN) + "00000001" + "2d" + "00".repeat(10),
                HandshakeResponse41::read))
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> payloads.read(le32(MODERN) + "00000001" + "2d" + "00".repeat(23) + "7500" + "14aabb",
                HandshakeResponse41::read))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: length-encoded string: 20 bytes, 2 left");
    }

    @Test
    void toStringNamesUserButNeverTheAuthResponse() {
        byte[] auth = "SECRETsecretSECRETsecret".getBytes(StandardCharsets.US_ASCII);
        HandshakeResponse41 response = new HandshakeResponse41(MODERN, 1 << 24, 45, "app", auth, "TESTDB",
                "mysql_native_password", Map.of("_pid", "42"));

        assertThat(response.toString())
                .contains("user=app", "database=TESTDB", "authPlugin=mysql_native_password")
                .doesNotContain("SECRET", "secret", HexFormat.of().formatHex(auth), Arrays.toString(auth));
    }

    private static byte[] sequence(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 7 + 1);
        }
        return bytes;
    }

    private static String le32(int v) {
        return String.format("%02x%02x%02x%02x", v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF, v >>> 24);
    }

    private static String hex(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8));
    }
}
