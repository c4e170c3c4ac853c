package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.backend.BackendException;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.binary.PrepareOk;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.EofPacket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Server-side prepared statements of {@link NativeConnection}, against a scripted server. */
class PreparedStatementsTest {

    private static final ConnectOptions OPTIONS = new ConnectOptions("host1", "127.0.0.1", 3306, "app", "",
            List.of(), 16 * 1024 * 1024, 5000);
    private static final String SQL = "select ? + 1";

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

    @Test
    void prepareKeepsTheDefinitionsAsRawPayloads() {
        CompletableFuture<PreparedMetadata> result = connection.prepare("select ?, ? + 1 as n");
        WireScript.Frame sent = wire.clientSentOne();
        assertThat(sent.sequenceId()).isZero();
        assertThat(new String(sent.payload(), StandardCharsets.UTF_8)).isEqualTo("\u0016select ?, ? + 1 as n");

        serverPrepares(7, List.of("?", "?"), List.of("?", "n"));

        PreparedMetadata metadata = result.join();
        assertThat(metadata).hasToString("PreparedMetadata[statementId=7, paramCount=2, columnCount=2,"
                + " warningCount=0]");
        assertThat(metadata.parameterDefinitions()).extracting(PreparedStatementsTest::name).containsExactly("?", "?");
        assertThat(metadata.columnDefinitions()).extracting(PreparedStatementsTest::name).containsExactly("?", "n");
        assertThat(owner.calls()).containsExactly("query");
    }

    @Test
    void aRefusedPrepareFailsWithTheServersErrorAndTheConnectionLivesOn() {
        CompletableFuture<PreparedMetadata> result = connection.prepare("selec ?");
        wire.clientSent();

        wire.serverSendsErr(1, 1064, "42000", "You have an error in your SQL syntax");

        assertThatThrownBy(result::join).cause().isInstanceOfSatisfying(TesseraException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1064);
            assertThat(e.sqlState()).isEqualTo("42000");
            assertThat(e.getMessage()).isEqualTo("You have an error in your SQL syntax");
        });
        assertThat(connection.isUsable()).isTrue();
        CompletableFuture<Void> ping = connection.ping();
        wire.clientSent();
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
        assertThat(ping).isCompleted();
    }

    @Test
    void executePreparedPreparesOnceThenSendsLongDataAndTheExecuteUnderTheServersId() {
        Recorder first = new Recorder();
        ByteBuf payload = execute(0, 41);
        ByteBuf data = longData(0, "xyz");

        connection.executePrepared(SQL, List.of(data), payload, first);

        assertThat(new String(wire.clientSentOne().payload(), StandardCharsets.UTF_8)).isEqualTo("\u0016" + SQL);
        serverPrepares(0x01020304L, List.of("?"), List.of("? + 1"));
        List<WireScript.Frame> sent = wire.clientSent();
        assertThat(sent).extracting(WireScript.Frame::sequenceId).containsExactly(0, 0);
        assertThat(ByteBufUtil.hexDump(sent.get(0).payload())).isEqualTo("18" + "04030201" + "0000" + "78797a");
        assertThat(ByteBufUtil.hexDump(sent.get(1).payload())).startsWith("17" + "04030201" + "00" + "01000000");
        serverSendsBinaryResult(42);
        assertThat(first.events).containsExactly("COLUMN_COUNT seq=1", "COLUMN_DEFINITION seq=2", "COLUMNS_EOF seq=3",
                "ROW seq=4", "ROWS_EOF seq=5", "complete status=2");
        assertThat(payload.refCnt()).isZero();
        assertThat(data.refCnt()).isZero();

        Recorder second = new Recorder();
        connection.executePrepared(SQL, List.of(), execute(0, 1), second);

        assertThat(ByteBufUtil.hexDump(wire.clientSentOne().payload())).startsWith("17" + "04030201");
        serverSendsBinaryResult(2);
        assertThat(second.events).hasSize(6).endsWith("complete status=2");
        assertThat(owner.calls()).containsExactly("query", "query");
    }

    @Test
    void aRefusedPrepareReachesTheHandlerAsTheExecutesErr() {
        Recorder recorder = new Recorder();
        ByteBuf payload = execute(0, 1);
        ByteBuf data = longData(0, "x");
        connection.executePrepared("selec ?", List.of(data), payload, recorder);
        wire.clientSent();

        wire.serverSendsErr(1, 1064, "42000", "You have an error in your SQL syntax");

        assertThat(recorder.events).containsExactly("ERR seq=1 1064", "complete status=0");
        assertThat(wire.clientSent()).isEmpty();
        assertThat(payload.refCnt()).isZero();
        assertThat(data.refCnt()).isZero();
        assertThat(connection.isUsable()).isTrue();
        connection.executePrepared("selec ?", List.of(), execute(0, 1), new Recorder());
        assertThat(wire.clientSentOne().payload()[0]).isEqualTo((byte) 0x16); // not cached: prepared again
        wire.serverSendsErr(1, 1064, "42000", "You have an error in your SQL syntax");
    }

    @Test
    void closeStatementWaitsForTheResponseInProgress() {
        Recorder recorder = new Recorder();
        connection.execute(Unpooled.buffer().writeByte(0x0E), false, recorder);
        wire.clientSent();

        connection.closeStatement(9);

        assertThat(wire.clientSent()).isEmpty();
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
        WireScript.Frame close = wire.clientSentOne();
        assertThat(close.sequenceId()).isZero();
        assertThat(ByteBufUtil.hexDump(close.payload())).isEqualTo("19" + "09000000");
        assertThat(recorder.events).containsExactly("OK seq=1", "complete status=2");
    }

    @Test
    void closeStatementWhenIdleGoesOutAtOnce() {
        connection.closeStatement(0xFFFF_FFFFL);

        assertThat(ByteBufUtil.hexDump(wire.clientSentOne().payload())).isEqualTo("19" + "ffffffff");
        assertThatThrownBy(() -> connection.closeStatement(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("statementId: -1 (expected: 0..4294967295)");
    }

    @Test
    void theLeastRecentlyUsedStatementIsClosedBeyondTheCacheSize() {
        for (int i = 0; i <= NativeConnection.MAX_CACHED_STATEMENTS; i++) {
            long statementId = 100 + i;
            connection.executePrepared("select " + i, List.of(), execute(0, 0), new Recorder());
            wire.clientSentOne();
            wire.serverSends(1, out -> new PrepareOk(statementId, 0, 0, 0).writeTo(out));
            List<WireScript.Frame> sent = wire.clientSent();
            if (i < NativeConnection.MAX_CACHED_STATEMENTS) {
                assertThat(sent).hasSize(1);
            } else {
                assertThat(sent).hasSize(2);
                assertThat(ByteBufUtil.hexDump(sent.get(0).payload())).isEqualTo("19" + "64000000"); // "select 0"
            }
            wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
        }
    }

    @Test
    void resetForgetsThePreparedStatements() {
        connection.executePrepared(SQL, List.of(), execute(0, 1), new Recorder());
        wire.clientSent();
        serverPrepares(5, List.of("?"), List.of());
        wire.clientSent();
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);

        CompletableFuture<Void> reset = connection.reset();
        assertThat(wire.clientSentOne().payload()).containsExactly(0x1F);
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
        assertThat(reset).isCompleted();

        connection.executePrepared(SQL, List.of(), execute(0, 1), new Recorder());
        assertThat(wire.clientSentOne().payload()[0]).isEqualTo((byte) 0x16);
        serverPrepares(6, List.of("?"), List.of());
        assertThat(ByteBufUtil.hexDump(wire.clientSentOne().payload())).startsWith("17" + "06000000");
        wire.serverSendsOk(1, 0, ServerStatus.AUTOCOMMIT);
    }

    @Test
    void aConnectionBrokenDuringThePrepareFailsTheHandlerAndReleasesTheBuffers() {
        Recorder recorder = new Recorder();
        ByteBuf payload = execute(0, 1);
        ByteBuf data = longData(0, "x");
        connection.executePrepared(SQL, List.of(data), payload, recorder);
        wire.clientSent();

        channel.close();

        assertThat(recorder.events).containsExactly("failure BackendException: data host host1 (127.0.0.1:3306):"
                + " connection closed by the server (connection 42)");
        assertThat(payload.refCnt()).isZero();
        assertThat(data.refCnt()).isZero();
    }

    @Test
    void executePreparedOnAClosedConnectionFailsAndReleasesTheBuffers() {
        connection.close();
        Recorder recorder = new Recorder();
        ByteBuf payload = execute(0, 1);
        ByteBuf data = longData(0, "x");

        connection.executePrepared(SQL, List.of(data), payload, recorder);

        assertThat(recorder.events).containsExactly("failure BackendException: data host host1 (127.0.0.1:3306):"
                + " connection 42 is closed");
        assertThat(payload.refCnt()).isZero();
        assertThat(data.refCnt()).isZero();
    }

    @Test
    void aPayloadThatIsNotItsCommandIsRefusedAndReleased() {
        ByteBuf payload = execute(0, 1);
        ByteBuf notLongData = Unpooled.buffer().writeByte(0x03).writeBytes(new byte[8]);

        assertThatThrownBy(() -> connection.executePrepared(SQL, List.of(notLongData), payload, new Recorder()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("longData[0]: 9 bytes starting with 0x03 (expected: COM_STMT_SEND_LONG_DATA of at least"
                        + " 7 bytes)");
        assertThat(payload.refCnt()).isZero();
        assertThat(notLongData.refCnt()).isZero();
        ByteBuf empty = Unpooled.buffer();
        assertThatThrownBy(() -> connection.executePrepared(SQL, List.of(), empty, new Recorder()))
                .hasMessage("executePayload: 0 bytes (expected: COM_STMT_EXECUTE of at least 10 bytes)");
        assertThat(empty.refCnt()).isZero();
        assertThat(wire.clientSent()).isEmpty();
    }

    /** PREPARE_OK, parameter definitions and EOF, column definitions and EOF, from sequence id 1. */
    private void serverPrepares(long statementId, List<String> params, List<String> columns) {
        int seq = 1;
        wire.serverSends(seq++, out -> new PrepareOk(statementId, columns.size(), params.size(), 0).writeTo(out));
        for (List<String> part : List.of(params, columns)) {
            if (part.isEmpty()) {
                continue;
            }
            for (String name : part) {
                wire.serverSends(seq++, out -> ColumnDefinition41.of(name, ColumnType.LONGLONG, 63, 21, 0)
                        .writeTo(out));
            }
            wire.serverSends(seq++, out -> new EofPacket(0, ServerStatus.AUTOCOMMIT).writeTo(out));
        }
    }

    /** One BIGINT column, one binary row: {@code 0x00 | NULL bitmap | 8-byte value}. */
    private void serverSendsBinaryResult(long value) {
        wire.serverSends(1, out -> out.lenencInt(1));
        wire.serverSends(2, out -> ColumnDefinition41.of("? + 1", ColumnType.LONGLONG, 63, 21, 0).writeTo(out));
        wire.serverSends(3, out -> new EofPacket(0, ServerStatus.AUTOCOMMIT).writeTo(out));
        wire.serverSends(4, out -> out.int1(0x00).int1(0x00).int8(value));
        wire.serverSends(5, out -> new EofPacket(0, ServerStatus.AUTOCOMMIT).writeTo(out));
    }

    /** COM_STMT_EXECUTE of one BIGINT parameter, types bound. */
    private static ByteBuf execute(long statementId, long value) {
        return Unpooled.buffer().writeByte(0x17).writeIntLE((int) statementId).writeByte(0).writeIntLE(1)
                .writeByte(0x00).writeByte(1).writeByte(ColumnType.LONGLONG.code()).writeByte(0).writeLongLE(value);
    }

    private static ByteBuf longData(int param, String data) {
        ByteBuf payload = Unpooled.buffer().writeByte(0x18).writeIntLE(0).writeShortLE(param);
        payload.writeCharSequence(data, StandardCharsets.US_ASCII);
        return payload;
    }

    private static String name(byte[] definition) {
        return ColumnDefinition41.read(new PayloadReader(Unpooled.wrappedBuffer(definition))).name();
    }

    /** Records callbacks as strings (with an ERR's code) and releases every frame. */
    private static final class Recorder implements ResponseHandler {

        final List<String> events = new ArrayList<>();

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            String code = kind == FrameKind.ERR ? " " + frame.content().getUnsignedShortLE(frame.content()
                    .readerIndex() + 1) : "";
            events.add(kind + " seq=" + frame.sequenceId() + code);
            frame.release();
        }

        @Override
        public void onComplete(int statusFlags) {
            events.add("complete status=" + statusFlags);
        }

        @Override
        public void onFailure(Throwable cause) {
            events.add("failure " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
    }
}
