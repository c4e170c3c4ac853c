package io.tessera.admin.server;

import static io.tessera.admin.server.EmbeddedClient.CLIENT_CAPABILITIES;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.AdminContext;
import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import io.tessera.admin.server.EmbeddedClient.Frame;
import io.tessera.protocol.auth.NativePassword;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.HandshakeV10;
import io.tessera.protocol.packet.OkPacket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AdminHandlerTest {

    private static final AdminUser ROOT = new AdminUser("root", "s3cret");
    private static final AdminUser EMPTY = new AdminUser("nopw", "");

    private EmbeddedClient client = new EmbeddedClient(FakeContext.sample(), 1 << 20, ROOT, EMPTY);

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void greetsWithTheServerVersionAndNativePassword() {
        HandshakeV10 greeting = client.greeting();
        assertThat(greeting.serverVersion()).isEqualTo(FakeContext.VERSION);
        assertThat(greeting.connectionId()).isEqualTo(42);
        assertThat(greeting.authPlugin()).isEqualTo("mysql_native_password");
        assertThat(greeting.nonce()).hasSize(20);
        assertThat(greeting.capabilities()).isEqualTo(ServerLogin.CAPABILITIES);
        assertThat(Capability.has(greeting.capabilities(), Capability.SSL)).isFalse();
    }

    @Test
    void logsInWithNativePasswordAndAnswersAQueryWithoutEofs() {
        Frame ok = client.login(CLIENT_CAPABILITIES | Capability.DEPRECATE_EOF, "root", "s3cret");
        assertThat(ok.sequenceId()).isEqualTo(2);
        assertThat(ok.first()).isEqualTo(OkPacket.HEADER);

        client.query("show @@version");
        List<Frame> frames = client.frames();
        // column count, one column, one row, OK 0xFE: sequence ids 1..4
        assertThat(frames).extracting(Frame::sequenceId).containsExactly(1, 2, 3, 4);
        assertThat(frames.get(0).payload()).containsExactly(1);
        assertThat(frames.get(2).reader().lenencString(StandardCharsets.UTF_8)).isEqualTo(FakeContext.VERSION);
        assertThat(frames.get(3).first()).isEqualTo(OkPacket.EOF_HEADER);
    }

    @Test
    void aClientWithoutDeprecateEofGetsEofPackets() {
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.query("show @@version");
        List<Frame> frames = client.frames();
        assertThat(frames).extracting(Frame::first).containsExactly(1, 3, 0xFE, FakeContext.VERSION.length(), 0xFE);
        assertThat(frames.get(2).payload()).hasSize(5); // a real EOF, not an OK
    }

    @Test
    void switchesAClientThatStartsWithAnotherPlugin() {
        byte[] firstNonce = client.greeting().nonce();
        client.sendHandshakeResponse(CLIENT_CAPABILITIES, "root",
                new byte[32], "caching_sha2_password");
        Frame switchRequest = client.frames().get(0);
        assertThat(switchRequest.sequenceId()).isEqualTo(2);
        assertThat(switchRequest.first()).isEqualTo(AuthSwitchRequest.HEADER);
        AuthSwitchRequest request = AuthSwitchRequest.read(switchRequest.reader());
        assertThat(request.plugin()).isEqualTo("mysql_native_password");
        assertThat(request.nonce()).hasSize(20).isNotEqualTo(firstNonce);

        client.send(3, EmbeddedClient.payload().bytes(
                NativePassword.scramble("s3cret".getBytes(StandardCharsets.UTF_8), request.nonce())));
        Frame ok = client.frames().get(0);
        assertThat(ok.sequenceId()).isEqualTo(4);
        assertThat(ok.first()).isEqualTo(OkPacket.HEADER);
    }

    @Test
    void wrongPasswordIsDenied1045AndClosed() {
        Frame err = client.login(CLIENT_CAPABILITIES, "root", "wrong");
        ErrPacket packet = ErrPacket.read(err.reader());
        assertThat(packet.errorCode()).isEqualTo(1045);
        assertThat(packet.sqlState()).isEqualTo("28000");
        assertThat(packet.message()).isEqualTo("Access denied for user 'root'@'embedded' (using password: YES)");
        assertThat(client.channel.isOpen()).isFalse();
    }

    @Test
    void unknownUserIsDeniedTheSameWay() {
        ErrPacket packet = ErrPacket.read(client.login(CLIENT_CAPABILITIES, "nobody", "s3cret").reader());
        assertThat(packet.errorCode()).isEqualTo(1045);
        assertThat(client.channel.isOpen()).isFalse();
    }

    @Test
    void emptyPasswordNeedsAnEmptyResponse() {
        assertThat(client.login(CLIENT_CAPABILITIES, "nopw", "").first()).isEqualTo(OkPacket.HEADER);
    }

    @Test
    void emptyResponseForAPasswordIsDeniedUsingPasswordNo() {
        ErrPacket packet = ErrPacket.read(client.login(CLIENT_CAPABILITIES, "root", "").reader());
        assertThat(packet.message()).endsWith("(using password: NO)");
    }

    @Test
    void unknownStatementIsAnErrorAndTheConnectionLivesOn() {
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.query("show @@nonsense");
        Frame err = client.frames().get(0);
        assertThat(err.sequenceId()).isEqualTo(1);
        ErrPacket packet = ErrPacket.read(err.reader());
        assertThat(packet.errorCode()).isEqualTo(1064);
        assertThat(packet.sqlState()).isEqualTo("42000");
        assertThat(packet.message()).isEqualTo("unknown admin command: show @@nonsense; show @@help lists the commands");

        client.command(Command.PING);
        assertThat(client.frames()).extracting(Frame::first).containsExactly(OkPacket.HEADER);
        assertThat(client.channel.isOpen()).isTrue();
    }

    @Test
    void pingAndInitDbAreOkOtherCommandsAre1047() {
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.command(Command.PING);
        client.send(0, EmbeddedClient.payload().int1(Command.INIT_DB).string("TESTDB", StandardCharsets.UTF_8));
        client.command(Command.STATISTICS);
        List<Frame> frames = client.frames();
        assertThat(frames).extracting(Frame::first).containsExactly(OkPacket.HEADER, OkPacket.HEADER,
                ErrPacket.HEADER);
        ErrPacket err = ErrPacket.read(frames.get(2).reader());
        assertThat(err.errorCode()).isEqualTo(1047);
        assertThat(err.sqlState()).isEqualTo("08S01");
        assertThat(client.channel.isOpen()).isTrue();
    }

    @Test
    void quitCloses() {
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.command(Command.QUIT);
        assertThat(client.channel.isOpen()).isFalse();
    }

    @Test
    void aCommandOverTheLimitIsError1153AndCloses() {
        client.close();
        client = new EmbeddedClient(FakeContext.sample(), 1024, ROOT);
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.query("select " + "x".repeat(2000));
        ErrPacket err = ErrPacket.read(client.frames().get(0).reader());
        assertThat(err.errorCode()).isEqualTo(1153);
        assertThat(client.channel.isOpen()).isFalse();
    }

    @Test
    void noLoginWithinTheAuthTimeoutCloses() {
        client.greeting();
        client.channel.advanceTimeBy(5_001, TimeUnit.MILLISECONDS);
        client.channel.runScheduledPendingTasks();
        assertThat(client.channel.isOpen()).isFalse();
    }

    @Test
    void aFailingViewIsError1105AndTheConnectionLivesOn() {
        client.close();
        FakeContext sample = FakeContext.sample();
        AdminContext failing = new FakeContext(sample.version(), sample.startupMillis(), sample.clock(),
                sample.schemas(), sample.dataNodes(), sample.dataHosts(), sample.threadPools(), null,
                sample.commandCounts(), sample.sqlStats());
        client = new EmbeddedClient(failing, 1 << 20, ROOT);
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        client.query("show @@connection");
        ErrPacket err = ErrPacket.read(client.frames().get(0).reader());
        assertThat(err.errorCode()).isEqualTo(1105);
        assertThat(err.message()).startsWith("admin command failed: java.lang.NullPointerException");
        client.query("show @@version");
        assertThat(client.frames()).hasSize(5);
    }

    private FakeActions deferredClient() {
        client.close();
        FakeActions actions = FakeActions.deferred();
        client = new EmbeddedClient(FakeContext.sample(), actions, 1 << 20, ROOT);
        client.login(CLIENT_CAPABILITIES, "root", "s3cret");
        return actions;
    }

    private static OkPacket ok(Frame frame) {
        assertThat(frame.first()).isEqualTo(OkPacket.HEADER);
        return OkPacket.read(frame.reader());
    }

    @Test
    void anAsynchronousCommandAnswersWhenItsActionCompletes() {
        FakeActions actions = deferredClient();
        client.query("kill @@connection 7, 3, 99");
        client.channel.runPendingTasks();
        assertThat(client.frames()).isEmpty();
        assertThat(client.channel.config().isAutoRead()).isFalse(); // the socket waits too

        actions.completeNext();
        client.channel.runPendingTasks();
        List<Frame> frames = client.frames();
        assertThat(frames).extracting(Frame::sequenceId).containsExactly(1);
        assertThat(ok(frames.get(0)).affectedRows()).isEqualTo(2);
        assertThat(client.channel.config().isAutoRead()).isTrue();
        assertThat(actions.calls()).containsExactly("kill [7, 3, 99]");
    }

    @Test
    void commandsSentMeanwhileWaitAndAreAnsweredInOrder() {
        FakeActions actions = deferredClient();
        client.queriesInOneRead("offline", "show @@version", "kill @@connection 7", "show @@time.startup");
        client.command(Command.PING);
        client.channel.runPendingTasks();
        assertThat(client.frames()).isEmpty();
        assertThat(actions.calls()).containsExactly("offline"); // the next commands have not run yet

        actions.completeNext();
        client.channel.runPendingTasks();
        List<Frame> frames = client.frames();
        // OK for offline; show @@version's 5 frames; then kill @@connection waits for its action
        assertThat(frames).extracting(Frame::sequenceId).containsExactly(1, 1, 2, 3, 4, 5);
        assertThat(ok(frames.get(0)).affectedRows()).isEqualTo(1);
        assertThat(frames.get(4).reader().lenencString(StandardCharsets.UTF_8)).isEqualTo(FakeContext.VERSION);
        assertThat(actions.calls()).containsExactly("offline", "kill [7]");

        actions.completeNext();
        client.channel.runPendingTasks();
        frames = client.frames();
        // OK for kill (1 row), show @@time.startup's 5 frames, OK for the ping
        assertThat(frames).extracting(Frame::first).containsExactly(OkPacket.HEADER, 1, 3, 0xFE, 13, 0xFE,
                OkPacket.HEADER);
        assertThat(ok(frames.get(0)).affectedRows()).isEqualTo(1);
        assertThat(ok(frames.get(6)).affectedRows()).isZero();
        assertThat(client.channel.config().isAutoRead()).isTrue();
    }

    @Test
    void aFailedActionIsAnErrWithItsCodeAndTheConnectionLivesOn() {
        FakeActions actions = deferredClient();
        client.query("offline");
        actions.failNext(ErrorCode.NOT_SUPPORTED_YET.exception("offline is not built yet (issue 99)"));
        client.channel.runPendingTasks();
        Frame err = client.frames().get(0);
        assertThat(err.sequenceId()).isEqualTo(1);
        ErrPacket packet = ErrPacket.read(err.reader());
        assertThat(packet.errorCode()).isEqualTo(1235);
        assertThat(packet.sqlState()).isEqualTo("42000");
        assertThat(packet.message()).isEqualTo("offline is not built yet (issue 99)");

        client.query("online");
        actions.failNext(new IllegalStateException("a bug"));
        client.channel.runPendingTasks();
        packet = ErrPacket.read(client.frames().get(0).reader());
        assertThat(packet.errorCode()).isEqualTo(1105);
        assertThat(packet.message()).isEqualTo("admin command failed: java.lang.IllegalStateException: a bug");

        client.query("show @@version");
        assertThat(client.frames()).hasSize(5);
        assertThat(client.channel.isOpen()).isTrue();
    }

    @Test
    void anAnswerCompletingAfterTheClientWentAwayIsDropped() {
        FakeActions actions = deferredClient();
        client.queriesInOneRead("kill @@connection 7", "show @@version"); // the second waits, holding its packet
        client.channel.close();
        actions.completeNext();
        client.channel.runPendingTasks();
        assertThat(client.frames()).isEmpty();
        assertThat(client.channel.isOpen()).isFalse();
    }
}
