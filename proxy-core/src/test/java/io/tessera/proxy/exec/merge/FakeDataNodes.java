package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.plan.PlanNode;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Data nodes that answer a {@link MergeExecution} frame by frame as a test tells them, and the client that gets the
 * merged result: the whole way from the nodes' frames through {@link ShardInput} and the operators {@link
 * OperatorFactory} built to the packets the client reads. Records the calls the merge makes as strings, and the
 * client's packets as one line each. Every buffer comes from one {@link TrackingAllocator}.
 */
final class FakeDataNodes implements MergeExecution.Connections {

    private static final int SERVER_STATUS_AUTOCOMMIT = 0x0002;

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final EmbeddedChannel client = new EmbeddedChannel();
    private final EmbeddedChannel wire = new EmbeddedChannel(new PacketDecoder()); // turns frames into Packets
    private final ClientChannel clientChannel;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<String> calls = new ArrayList<>();

    FakeDataNodes() {
        client.config().setAllocator(alloc);
        wire.config().setAllocator(alloc);
        Session session = new Session(1, "127.0.0.1");
        session.clientCharset(StandardCharsets.UTF_8);
        clientChannel = new ClientChannel(session, client, () -> calls.add("command done"));
        clientChannel.startCommand(1);
    }

    /** Starts {@code plan}; when this returns, each node of its route has its statement. */
    void run(PlanNode plan, long mergeMemoryLimit) {
        MergeExecution.run(this, clientChannel, plan, mergeMemoryLimit, SortKeyFeedback.NONE);
        client.runPendingTasks();               // the connections are handed over on the client's event loop
    }

    Node node(String dataNode) {
        Node node = nodes.get(dataNode);
        assertThat(node).as("a connection of %s", dataNode).isNotNull();
        return node;
    }

    /** The calls the merge made: each node's statement, the connections it gave back, the end of the command. */
    List<String> calls() {
        return calls;
    }

    /**
     * What the client has got so far, one line a packet: {@code columns: id, name}, then rows as their values
     * joined by {@code |} ({@code NULL} for NULL), then {@code EOF} (with the warnings, if any) or {@code ERR code
     * (state): message}.
     */
    List<String> clientGot() {
        client.runPendingTasks();
        List<String> lines = new ArrayList<>();
        int definitions = -1;
        List<String> names = new ArrayList<>();
        ByteBuf frame;
        while ((frame = client.readOutbound()) != null) {
            try {
                int first = frame.getUnsignedByte(Row.HEADER_SIZE);
                int payloadLength = frame.writerIndex() - Row.HEADER_SIZE;
                if (first == 0xFF) {
                    ErrPacket err = ErrPacket.read(new PayloadReader(frame.duplicate().readerIndex(Row.HEADER_SIZE)));
                    lines.add("ERR " + err.errorCode() + " (" + err.sqlState() + "): " + err.message());
                } else if (first == 0xFE && payloadLength < 9) {
                    if (definitions == 0) {
                        lines.add("columns: " + String.join(", ", names));
                        definitions = -2;           // rows follow
                    } else {
                        int warnings = frame.getUnsignedShortLE(Row.HEADER_SIZE + 1);
                        lines.add(warnings == 0 ? "EOF" : "EOF, " + warnings + " warnings");
                    }
                } else if (definitions == -1) {
                    definitions = first;            // the column count: fewer than 251 here
                } else if (definitions > 0) {
                    names.add(ColumnDefinition41.read(new PayloadReader(frame.duplicate()
                            .readerIndex(Row.HEADER_SIZE))).name());
                    definitions--;
                } else {
                    List<String> values = TestRows.values(new Row(frame.retain()));
                    lines.add(String.join("|", values.stream().map(v -> v == null ? "NULL" : v).toList()));
                }
            } finally {
                frame.release();
            }
        }
        return lines;
    }

    /** Nothing is left unread, and every buffer made was released. */
    void assertClean() {
        assertThat(client.finish()).as("client packets left unread").isFalse();
        assertThat(wire.finish()).as("frames left undelivered").isFalse();
        alloc.assertAllReleased();
    }

    @Override
    public CompletableFuture<BackendConnection> acquire(ClientChannel channel, String dataNode, Intent intent) {
        Node node = new Node(dataNode);
        nodes.put(dataNode, node);
        return CompletableFuture.completedFuture(node);
    }

    @Override
    public void release(ClientChannel channel, String dataNode, BackendConnection backend) {
        calls.add("release " + dataNode);
    }

    @Override
    public boolean mayClose(ClientChannel channel) {
        return false;
    }

    private Packet packet(PayloadWriter payload) {
        ByteBuf frame = payload.frame();
        frame.setMediumLE(0, payload.payloadLength());
        wire.writeInbound(frame);
        Packet packet = wire.readInbound();
        assertThat(packet).isNotNull();
        return packet;
    }

    /** One data node's connection: takes the merge's statement and answers it as the test says. */
    final class Node implements BackendConnection {

        private final String dataNode;
        private ResponseHandler handler;

        Node(String dataNode) {
            this.dataNode = dataNode;
        }

        /** The column count, the definitions and the EOF after them. */
        Node header(List<ColumnDefinition41> columns) {
            PayloadWriter count = PayloadWriter.allocate(alloc, 1);
            count.lenencInt(columns.size());
            handler.onFrame(packet(count), FrameKind.COLUMN_COUNT);
            for (ColumnDefinition41 column : columns) {
                PayloadWriter definition = PayloadWriter.allocate(alloc, 64);
                column.writeTo(definition);
                handler.onFrame(packet(definition), FrameKind.COLUMN_DEFINITION);
            }
            handler.onFrame(packet(eof(0)), FrameKind.COLUMNS_EOF);
            return this;
        }

        /** Rows of pipe-delimited values, {@code NULL} for NULL. */
        Node rows(String... rows) {
            for (String row : rows) {
                PayloadWriter payload = PayloadWriter.allocate(alloc, row.length() + 8);
                for (String value : row.split("\\|", -1)) {
                    if (value.equals("NULL")) {
                        payload.int1(0xFB);
                    } else {
                        payload.lenencBytes(value.getBytes(StandardCharsets.UTF_8));
                    }
                }
                handler.onFrame(packet(payload), FrameKind.ROW);
            }
            return this;
        }

        /** The EOF after the rows, and the end of the response. */
        void end(int warnings) {
            handler.onFrame(packet(eof(warnings)), FrameKind.ROWS_EOF);
            handler.onComplete(SERVER_STATUS_AUTOCOMMIT);
        }

        void end() {
            end(0);
        }

        private PayloadWriter eof(int warnings) {
            return PayloadWriter.allocate(alloc, 5).int1(0xFE).int2(warnings).int2(SERVER_STATUS_AUTOCOMMIT);
        }

        @Override
        public void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler responseHandler) {
            String sql = commandPayload.toString(1, commandPayload.readableBytes() - 1, StandardCharsets.UTF_8);
            commandPayload.release();
            calls.add(dataNode + ": " + sql);
            this.handler = responseHandler;
        }

        @Override
        public EventLoop eventLoop() {
            return client.eventLoop();
        }

        @Override
        public String dataHost() {
            return "data host of " + dataNode;
        }

        @Override
        public void pauseReading() {
            calls.add("pause " + dataNode);
        }

        @Override
        public void resumeReading() {
            calls.add("resume " + dataNode);
        }

        @Override
        public void close() {
            calls.add("close " + dataNode);
        }

        @Override
        public long connectionId() {
            return 0;
        }

        @Override
        public String serverVersion() {
            return "8.0.36";
        }

        @Override
        public String database() {
            return "db";
        }

        @Override
        public boolean foundRows() {
            return false;
        }

        @Override
        public int lastErrorCode() {
            return 0;
        }

        @Override
        public void characterSets(Charset charsetClient, Charset results) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isUsable() {
            return true;
        }

        @Override
        public CompletableFuture<QueryResult> query(String sql) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Void> reset() {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<PreparedMetadata> prepare(String sql) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void closeStatement(long statementId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void executePrepared(String sql, List<ByteBuf> longData, ByteBuf executePayload,
                ResponseHandler responseHandler) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> Attribute<T> attr(AttributeKey<T> key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void release() {
            throw new UnsupportedOperationException("the merge gives connections back through its Connections");
        }
    }
}
