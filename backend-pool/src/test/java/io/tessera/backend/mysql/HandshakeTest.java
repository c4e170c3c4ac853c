package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.backend.BackendException;
import io.tessera.backend.fake.RsaKeys;
import io.tessera.protocol.auth.CachingSha2Password;
import io.tessera.protocol.auth.NativePassword;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.packet.AuthMoreData;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandshakeTest {

    private static final ConnectOptions OPTIONS = new ConnectOptions("host1", "127.0.0.1", 3306, "app", "s3cret",
            List.of(), 16 * 1024 * 1024, 5000);
    private static final int SERVER_CAPABILITIES = Capability.LONG_PASSWORD | Capability.FOUND_ROWS
            | Capability.LONG_FLAG | Capability.CONNECT_WITH_DB | Capability.PROTOCOL_41 | Capability.TRANSACTIONS
            | Capability.SECURE_CONNECTION | Capability.MULTI_STATEMENTS | Capability.MULTI_RESULTS
            | Capability.PS_MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.DEPRECATE_EOF | Capability.CONNECT_ATTRS;

    private final Scramble scramble = new Scramble(new SecureRandom());
    private final RecordingOwner owner = new RecordingOwner();
    private final CompletableFuture<NativeConnection> result = new CompletableFuture<>();
    private EmbeddedChannel channel;
    private WireScript wire;

    @AfterEach
    void leavesNothingUnread() {
        assertThat(channel.finish()).isFalse();
    }

    private void connect(String database, boolean foundRows) {
        channel = new EmbeddedChannel(new PacketDecoder(),
                new Handshake(OPTIONS, database, foundRows, owner, result));
        wire = new WireScript(channel);
    }

    private byte[] greet(String plugin) {
        byte[] nonce = scramble.next();
        wire.serverSends(0, out -> new HandshakeV10("8.0.36", 42, nonce, SERVER_CAPABILITIES, 255,
                ServerStatus.AUTOCOMMIT, plugin).writeTo(out));
        return nonce;
    }

    private HandshakeResponse41 response() {
        WireScript.Frame frame = wire.clientSentOne();
        assertThat(frame.sequenceId()).isEqualTo(1);
        return HandshakeResponse41.read(new PayloadReader(Unpooled.wrappedBuffer(frame.payload())));
    }

    private static byte[] password() {
        return "s3cret".getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void logsInWithNativePasswordFedOneByteAtATime() {
        connect("db1", false);
        byte[] nonce = greet("mysql_native_password");

        HandshakeResponse41 response = response();
        assertThat(response.user()).isEqualTo("app");
        assertThat(response.database()).isEqualTo("db1");
        assertThat(response.collation()).isEqualTo(45);
        assertThat(response.authPlugin()).isEqualTo("mysql_native_password");
        assertThat(response.authResponse()).isEqualTo(NativePassword.scramble(password(), nonce));
        int required = Capability.LONG_PASSWORD | Capability.LONG_FLAG | Capability.PROTOCOL_41
                | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION | Capability.MULTI_RESULTS
                | Capability.PS_MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
                | Capability.CONNECT_WITH_DB;
        assertThat(response.capabilities() & required).isEqualTo(required);
        assertThat(response.capabilities() & (Capability.DEPRECATE_EOF | Capability.FOUND_ROWS
                | Capability.MULTI_STATEMENTS | Capability.CONNECT_ATTRS)).isZero();
        assertThat(result).isNotDone();

        wire.serverSendsOk(2, 0, ServerStatus.AUTOCOMMIT);

        NativeConnection connection = result.join();
        assertThat(connection.connectionId()).isEqualTo(42);
        assertThat(connection.database()).isEqualTo("db1");
        assertThat(connection.foundRows()).isFalse();
        assertThat(connection.isUsable()).isTrue();
        assertThat(channel.pipeline().names()).contains("connection").doesNotContain("login");
    }

    @Test
    void asksForFoundRowsWhenToldAndForNoDatabaseWithoutOne() {
        connect(null, true);
        greet("mysql_native_password");

        HandshakeResponse41 response = response();
        assertThat(response.capabilities() & Capability.FOUND_ROWS).isNotZero();
        assertThat(response.capabilities() & Capability.CONNECT_WITH_DB).isZero();
        assertThat(response.database()).isNull();
        wire.serverSendsOk(2, 0, ServerStatus.AUTOCOMMIT);
        assertThat(result.join().foundRows()).isTrue();
        assertThat(result.join().database()).isNull();
    }

    @Test
    void logsInWithCachingSha2FastPath() {
        connect("db1", false);
        byte[] nonce = greet("caching_sha2_password");

        HandshakeResponse41 response = response();
        assertThat(response.authPlugin()).isEqualTo("caching_sha2_password");
        assertThat(response.authResponse()).isEqualTo(CachingSha2Password.scramble(password(), nonce));

        wire.serverSends(2, out -> new AuthMoreData(new byte[] {0x03}).writeTo(out));
        assertThat(wire.clientSent()).isEmpty();
        assertThat(result).isNotDone();
        wire.serverSendsOk(3, 0, ServerStatus.AUTOCOMMIT);

        assertThat(result.join().connectionId()).isEqualTo(42);
    }

    @Test
    void logsInWithCachingSha2FullAuthenticationOverRsa() {
        RsaKeys rsa = new RsaKeys();
        connect("db1", false);
        byte[] nonce = greet("caching_sha2_password");
        response();

        wire.serverSends(2, out -> new AuthMoreData(new byte[] {0x04}).writeTo(out));
        WireScript.Frame keyRequest = wire.clientSentOne();
        assertThat(keyRequest.sequenceId()).isEqualTo(3);
        assertThat(keyRequest.payload()).containsExactly(0x02);

        wire.serverSends(4, out -> new AuthMoreData(rsa.publicKeyPem().getBytes(StandardCharsets.US_ASCII))
                .writeTo(out));
        WireScript.Frame encrypted = wire.clientSentOne();
        assertThat(encrypted.sequenceId()).isEqualTo(5);
        assertThat(new String(rsa.decryptPassword(encrypted.payload(), nonce), StandardCharsets.UTF_8))
                .isEqualTo("s3cret\0");

        wire.serverSendsOk(6, 0, ServerStatus.AUTOCOMMIT);
        assertThat(result.join().isUsable()).isTrue();
    }

    @Test
    void followsAuthSwitchToNativePasswordWithTheNewNonce() {
        connect("db1", false);
        greet("caching_sha2_password");
        response();

        byte[] switchNonce = scramble.next();
        wire.serverSends(2, out -> new AuthSwitchRequest("mysql_native_password", switchNonce).writeTo(out));
        WireScript.Frame answer = wire.clientSentOne();
        assertThat(answer.sequenceId()).isEqualTo(3);
        assertThat(answer.payload()).isEqualTo(NativePassword.scramble(password(), switchNonce));

        wire.serverSendsOk(4, 0, ServerStatus.AUTOCOMMIT);
        assertThat(result.join().isUsable()).isTrue();
    }

    @Test
    void followsAuthSwitchToCachingSha2AndFullAuthenticationWithTheSwitchNonce() {
        RsaKeys rsa = new RsaKeys();
        connect(null, false);
        greet("mysql_native_password");
        response();

        byte[] switchNonce = scramble.next();
        wire.serverSends(2, out -> new AuthSwitchRequest("caching_sha2_password", switchNonce).writeTo(out));
        assertThat(wire.clientSentOne().payload()).isEqualTo(CachingSha2Password.scramble(password(), switchNonce));
        wire.serverSends(4, out -> new AuthMoreData(new byte[] {0x04}).writeTo(out));
        assertThat(wire.clientSentOne().payload()).containsExactly(0x02);
        wire.serverSends(6, out -> new AuthMoreData(rsa.publicKeyPem().getBytes(StandardCharsets.US_ASCII))
                .writeTo(out));
        WireScript.Frame encrypted = wire.clientSentOne();
        assertThat(encrypted.sequenceId()).isEqualTo(7);
        assertThat(rsa.decryptPassword(encrypted.payload(), switchNonce))
                .isEqualTo("s3cret\0".getBytes(StandardCharsets.UTF_8));

        wire.serverSendsOk(8, 0, ServerStatus.AUTOCOMMIT);
        assertThat(result.join().isUsable()).isTrue();
    }

    @Test
    void answersAnUnknownDefaultPluginWithNativePassword() {
        connect(null, false);
        byte[] nonce = greet("client_ed25519");

        HandshakeResponse41 response = response();
        assertThat(response.authPlugin()).isEqualTo("mysql_native_password");
        assertThat(response.authResponse()).isEqualTo(NativePassword.scramble(password(), nonce));
        wire.serverSendsOk(2, 0, ServerStatus.AUTOCOMMIT);
        assertThat(result).isCompleted();
    }

    @Test
    void wrongPasswordFailsWithTheServers1045AndTheDataHost() {
        connect("db1", false);
        greet("mysql_native_password");
        response();

        wire.serverSendsErr(2, 1045, "28000", "Access denied for user 'app'@'localhost' (using password: YES)");

        assertThatThrownBy(result::get).isInstanceOf(ExecutionException.class).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1045);
                    assertThat(e.sqlState()).isEqualTo("28000");
                    assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): Access denied for user"
                            + " 'app'@'localhost' (using password: YES)");
                });
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void unknownDatabaseAtLoginFailsWithTheServers1049() {
        connect("nope", false);
        greet("mysql_native_password");
        response();

        wire.serverSendsErr(2, 1049, "42000", "Unknown database 'nope'");

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(BackendException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1049);
            assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): Unknown database 'nope'");
        });
    }

    @Test
    void errorInsteadOfGreetingPassesThrough() {
        connect(null, false);
        wire.serverSends(0, out -> out.int1(0xFF).int2(1040).string("Too many connections",
                StandardCharsets.UTF_8));

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(BackendException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1040);
            assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): Too many connections");
        });
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void refusesToSwitchToAnUnsupportedPlugin() {
        connect(null, false);
        greet("mysql_native_password");
        response();

        wire.serverSends(2, out -> new AuthSwitchRequest("mysql_clear_password", new byte[0]).writeTo(out));

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(BackendException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1251);
            assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): authentication plugin"
                    + " 'mysql_clear_password' is not supported for user 'app' (use mysql_native_password or"
                    + " caching_sha2_password)");
        });
        assertThat(wire.clientSent()).isEmpty();
    }

    @Test
    void serverClosingDuringLoginFails() {
        connect(null, false);
        greet("mysql_native_password");
        response();

        channel.close();

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(BackendException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1105);
            assertThat(e.sqlState()).isEqualTo("HY000");
            assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): connection closed by the server"
                    + " during login");
        });
    }

    @Test
    void malformedGreetingFails() {
        connect(null, false);
        wire.serverSends(0, out -> out.int1(9).nulTerminated("3.23"));

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(BackendException.class, e ->
                assertThat(e.getMessage()).startsWith("data host host1 (127.0.0.1:3306): login failed: malformed"
                        + " packet: handshake protocol version 9"));
        assertThat(channel.isOpen()).isFalse();
    }
}
