package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.Capability;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ComChangeUserTest {

    private static final int MODERN = Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION | Capability.PLUGIN_AUTH
            | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA | Capability.CONNECT_WITH_DB;

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void roundTripWithCollationPluginAndAttributes() {
        ComChangeUser change = new ComChangeUser("reader", proof(20), "TESTDB", 224, "mysql_native_password",
                Map.of("_client_name", "mysql2", "note", "ü"));

        ComChangeUser read = payloads.roundTrip(out -> change.writeTo(out, MODERN | Capability.CONNECT_ATTRS),
                in -> ComChangeUser.read(in, MODERN | Capability.CONNECT_ATTRS));

        assertThat(read).usingRecursiveComparison().isEqualTo(change);
    }

    @Test
    void authResponseHasAOneByteLengthEvenWithLenencClientData() {
        ComChangeUser change = new ComChangeUser("u", proof(2), null, 45, "caching_sha2_password", Map.of());

        byte[] bytes = payloads.bytes(out -> change.writeTo(out, MODERN));

        assertThat(HexFormat.of().formatHex(bytes))
                .isEqualTo("11" + "7500" + "02" + "0102" + "00" + "2d00"
                        + "63616368696e675f736861325f70617373776f726400"); // "caching_sha2_password" NUL
    }

    @Test
    void readsAnEmptyDatabaseAsNoneAndAnEmptyPasswordAsNoProof() {
        ComChangeUser change = new ComChangeUser("u", new byte[0], null, 33, "mysql_native_password", Map.of());

        ComChangeUser read = payloads.roundTrip(out -> change.writeTo(out, MODERN), in -> ComChangeUser.read(in,
                MODERN));

        assertThat(read.database()).isNull();
        assertThat(read.authResponse()).isEmpty();
    }

    @Test
    void readsAPacketThatEndsAfterTheDatabase() {
        ComChangeUser change = new ComChangeUser("old", proof(20), "db1", 0, null, Map.of());

        ComChangeUser read = payloads.roundTrip(out -> change.writeTo(out, MODERN), in -> ComChangeUser.read(in,
                MODERN));

        assertThat(read.collation()).isZero();
        assertThat(read.authPlugin()).isNull();
        assertThat(read.database()).isEqualTo("db1");
    }

    @Test
    void readsANulTerminatedProofWithoutSecureConnection() {
        byte[] oldProof = "abcdefgh".getBytes(StandardCharsets.US_ASCII);
        ComChangeUser change = new ComChangeUser("old", oldProof, "db1", 8, null, Map.of());

        ComChangeUser read = payloads.roundTrip(out -> change.writeTo(out, Capability.PROTOCOL_41),
                in -> ComChangeUser.read(in, Capability.PROTOCOL_41));

        assertThat(read).usingRecursiveComparison().isEqualTo(change);
    }

    @Test
    void toStringNeverShowsTheProof() {
        ComChangeUser change = new ComChangeUser("reader", proof(20), "TESTDB", 45, "mysql_native_password",
                Map.of());

        assertThat(change.toString()).isEqualTo(
                "ComChangeUser[user=reader, database=TESTDB, collation=45, authPlugin=mysql_native_password]");
    }

    private static byte[] proof(int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i + 1);
        }
        return b;
    }
}
