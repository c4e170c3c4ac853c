package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.backend.BackendException;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.EofPacket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NativeConnectionTest {

    private static final ConnectOptions OPTIONS = new ConnectOptions("host1", "127.0.0.1", 3306, "app", "",
            List.of(), 16 * 1024 * 1024, 5000);

    private final RecordingOwner owner = new RecordingOwner();
    private EmbeddedChannel channel;
    private WireScript wire;
    private NativeConnection connection;

    @BeforeEach
    void loggedIn() {
        channel = new EmbeddedChannel();
        connection = new NativeConnection(channel, OPTIONS, 42, "8.0.36", "db1", false, owner);
        channel.pipeline().addLast(new PacketDecoder(), connection.inbound());
        wire = new WireScript(channel);
    }

    @AfterEach
    void leavesNothingUnread() {
        assertThat(channel.finish()).isFalse();
    }

    private static ByteBuf comQuery(String sql) {
        ByteBuf payload = Unpooled.buffer();
        payload.writeByte(0x03).writeCharSequence(sql, StandardCharsets.UTF_8);
        return payload;
    }

    @Test
    void executeFramesTheCommandWithSequenceZero() {
        connection.execute(comQuery("select 1"), false, new Recorder());

        WireScript.Frame sent = wire.clientSentOne();
        assertThat(sent.sequenceId()).isZero();
        assertThat(sent.payload()[0]).isEqualTo((byte) 0x03);
        assertThat(new String(sent.payload(), 1, sent.payload().length - 1, StandardCharsets.UTF_8))
                .isEqualTo("select 1");
        assertThat(owner.calls()).containsExactly("query");
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
    }

    @Test
    void executeSplitsACommandOf16MiBOrMore() {
        byte[] sql = new byte[PacketDecoder.MAX_PAYLOAD + 2];
        Arrays.fill(sql, (byte) 'x');
        ByteBuf payload = Unpooled.buffer(sql.length + 1).writeByte(0x03).writeBytes(sql);

        connection.execute(payload, false, new Recorder());

        List<WireScript.Frame> sent = wire.clientSent();
        assertThat(sent).extracting(WireScript.Frame::sequenceId).containsExactly(0, 1);
        assertThat(sent).extracting(f -> f.payload().length).containsExactly(PacketDecoder.MAX_PAYLOAD, 3);
        wire.serverSendsOk(2, 0, ServerStatus.AUTOCOMMIT);
    }

    @Test
    void streamsEveryFrameOfAResultSetFedOneByteAtATime() {
        Recorder recorder = new Recorder();
        connection.execute(comQuery("select id, name from t"), false, recorder);
        wire.clientSent();

        wire.serverSendsResultSet(1, List.of("id", "name"),
                List.of(List.of("1", "a"), List.of("2", "b"), List.of("3", "c")),
                ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);

        assertThat(recorder.events).containsExactly("COLUMN_COUNT seq=1", "COLUMN_DEFINITION seq=2",
                "COLUMN_DEFINITION seq=3", "COLUMNS_EOF seq=4", "ROW seq=5", "ROW seq=6", "ROW seq=7",
                "ROWS_EOF seq=8", "complete status=3");
        assertThat(connection.isUsable()).isTrue();
    }

    @Test
    void followsMoreResultsToTheLastResult() {
        Recorder recorder = new Recorder();
        connection.execute(comQuery("call p()"), false, recorder);
        wire.clientSent();

        wire.serverSendsOk(1, 1, ServerStatus.AUTOCOMMIT | ServerStatus.MORE_RESULTS_EXISTS);
        assertThat(recorder.events).containsExactly("OK seq=1");
        wire.serverSendsResultSet(2, List.of("x"), List.of(List.of("1")), ServerStatus.AUTOCOMMIT);

        assertThat(recorder.events).containsExactly("OK seq=1", "COLUMN_COUNT seq=2", "COLUMN_DEFINITION seq=3",
                "COLUMNS_EOF seq=4", "ROW seq=5", "ROWS_EOF seq=6", "complete status=2");
    }

    @Test
    void fieldListEndsAtTheEofAfterTheColumns() {
        Recorder recorder = new Recorder();
        ByteBuf payload = Unpooled.buffer().writeByte(0x04);
        payload.writeCharSequence("t\0", StandardCharsets.UTF_8);
        connection.execute(payload, true, recorder);
        wire.clientSent();

        wire.serverSends(1, out -> ColumnDefinition41.of("id",
                ColumnType.LONG, 63, 11, 0).writeTo(out));
        wire.serverSends(2, out -> new EofPacket(0, ServerStatus.AUTOCOMMIT).writeTo(out));

        assertThat(recorder.events).containsExactly("COLUMN_DEFINITION seq=1", "ROWS_EOF seq=2", "complete status=2");
    }

    @Test
    void queryCollectsColumnsAndTextRowsWithNulls() {
        CompletableFuture<QueryResult> result = connection.query("select id, name from t");
        wire.clientSent();
        List<List<String>> rows = List.of(List.of("1", "a"), Arrays.asList("2", null));

        wire.serverSendsResultSet(1, List.of("id", "name"), rows, ServerStatus.AUTOCOMMIT);

        QueryResult r = result.join();
        assertThat(r.hasResultSet()).isTrue();
        assertThat(r.columns()).containsExactly("id", "name");
        assertThat(r.rows()).containsExactly(List.of("1", "a"), Arrays.asList("2", null));
        assertThat(r.statusFlags()).isEqualTo(ServerStatus.AUTOCOMMIT);
        assertThat(owner.calls()).containsExactly("query");
    }

    @Test
    void queryReturnsTheOkCounters() {
        CompletableFuture<QueryResult> result = connection.query("update t set a = 1");
        wire.clientSent();

        wire.serverSendsOk(1, 7, ServerStatus.AUTOCOMMIT);

        assertThat(result.join()).isEqualTo(new QueryResult(List.of(), List.of(), 7, 0, 0, ServerStatus.AUTOCOMMIT));
    }

    @Test
    void queryFailsWithTheServersErrorUnchanged() {
        CompletableFuture<QueryResult> result = connection.query("select * from nope");
        wire.clientSent();

        wire.serverSendsErr(1, 1146, "42S02", "Table 'db1.nope' doesn't exist");

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(TesseraException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1146);
            assertThat(e.sqlState()).isEqualTo("42S02");
            assertThat(e.getMessage()).isEqualTo("Table 'db1.nope' doesn't exist");
        });
        assertThat(connection.isUsable()).isTrue();
    }

    @Test
    void initDbSwitchesTheDatabaseAndIsNotCountedAsAQuery() {
        CompletableFuture<Void> done = connection.initDb("db2");
        WireScript.Frame sent = wire.clientSentOne();
        assertThat(sent.sequenceId()).isZero();
        assertThat(new String(sent.payload(), StandardCharsets.UTF_8)).isEqualTo("\u0002db2");

        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);

        assertThat(done).isCompleted();
        assertThat(connection.database()).isEqualTo("db2");
        assertThat(owner.calls()).isEmpty();
    }

    @Test
    void refusedInitDbKeepsTheDatabaseAndTheConnection() {
        CompletableFuture<Void> done = connection.initDb("nope");
        wire.clientSent();

        wire.serverSendsErr(1, 1049, "42000", "Unknown database 'nope'");

        assertThatThrownBy(done::join).cause().isInstanceOfSatisfying(TesseraException.class, e ->
                assertThat(e.errorCode()).isEqualTo(1049));
        assertThat(connection.database()).isEqualTo("db1");
        assertThat(connection.isUsable()).isTrue();
    }

    @Test
    void pingSendsComPing() {
        CompletableFuture<Void> done = connection.ping();
        assertThat(wire.clientSentOne().payload()).containsExactly(0x0E);

        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);

        assertThat(done).isCompleted();
    }

    @Test
    void releaseGivesTheConnectionBackAndTurnsReadingBackOn() {
        connection.pauseReading();
        assertThat(channel.config().isAutoRead()).isFalse();

        connection.release();

        assertThat(channel.config().isAutoRead()).isTrue();
        assertThat(owner.calls()).containsExactly("released 42");
        assertThat(connection.isUsable()).isTrue();
    }

    @Test
    void releaseInTheMiddleOfAResponseClosesTheConnection() {
        Recorder recorder = new Recorder();
        connection.execute(comQuery("select * from big"), false, recorder);
        wire.clientSent();
        wire.serverSends(1, out -> out.lenencInt(1));

        connection.release();

        assertThat(owner.calls()).containsExactly("query", "closed 42");
        assertThat(connection.isUsable()).isFalse();
        assertThat(channel.isOpen()).isFalse();
        assertThat(recorder.events).containsExactly("COLUMN_COUNT seq=1",
                "failure BackendException: data host host1 (127.0.0.1:3306): released in the middle of a response"
                        + " (connection 42)");
    }

    @Test
    void serverClosingInTheMiddleOfAResponseFailsTheHandlerWith1105() {
        Recorder recorder = new Recorder();
        connection.execute(comQuery("select 1"), false, recorder);
        wire.clientSent();

        channel.close();

        assertThat(recorder.events).containsExactly("failure BackendException: data host host1 (127.0.0.1:3306):"
                + " connection closed by the server (connection 42)");
        assertThat(recorder.failure).isInstanceOfSatisfying(BackendException.class, e ->
                assertThat(e.errorCode()).isEqualTo(1105));
        assertThat(owner.calls()).containsExactly("query", "closed 42");
    }

    @Test
    void anUnexpectedPacketWhileIdleClosesTheConnection() {
        wire.serverSendsErr(0, 1927, "70100", "Connection was killed");

        assertThat(connection.isUsable()).isFalse();
        assertThat(owner.calls()).containsExactly("closed 42");
    }

    @Test
    void aSecondCommandWhileBusyFailsAndTheFirstGoesOn() {
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        connection.execute(comQuery("select 1"), false, first);
        wire.clientSent();

        connection.execute(comQuery("select 2"), false, second);

        assertThat(second.events).containsExactly("failure IllegalStateException: connection 42 is busy with another"
                + " command");
        assertThat(wire.clientSent()).isEmpty();
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
        assertThat(first.events).containsExactly("OK seq=1", "complete status=2");
    }

    @Test
    void commandsOnAClosedConnectionFailAndAreReleased() {
        connection.close();
        Recorder recorder = new Recorder();
        ByteBuf payload = comQuery("select 1");

        connection.execute(payload, false, recorder);

        assertThat(payload.refCnt()).isZero();
        assertThat(recorder.events).containsExactly("failure BackendException: data host host1 (127.0.0.1:3306):"
                + " connection 42 is closed");
        assertThat(owner.calls()).containsExactly("closed 42");
        connection.release();
        assertThat(owner.calls()).containsExactly("closed 42");
    }

    /** Records callbacks as strings and releases every frame. */
    private static final class Recorder implements ResponseHandler {

        final List<String> events = new ArrayList<>();
        Throwable failure;

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            events.add(kind + " seq=" + frame.sequenceId());
            frame.release();
        }

        @Override
        public void onComplete(int statusFlags) {
            events.add("complete status=" + statusFlags);
        }

        @Override
        public void onFailure(Throwable cause) {
            failure = cause;
            events.add("failure " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
    }
}
