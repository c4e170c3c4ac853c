package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.fake.LocalMariaDb;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ErrPacket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Server-side prepared statements against the MariaDB on 127.0.0.1:3306. */
class PreparedStatementsIT {

    private static final String DB = LocalMariaDb.uniqueName();
    private static final String OTHER_DB = LocalMariaDb.uniqueName();

    private static EventLoopGroup group;
    private static LocalMariaDb mariadb;

    private NativeConnection c;

    @BeforeAll
    static void createDatabase() throws Exception {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        mariadb = new LocalMariaDb(group.next());
        mariadb.run("CREATE DATABASE " + DB);
        mariadb.run("CREATE TABLE " + DB + ".t (id BIGINT PRIMARY KEY, name VARCHAR(20))");
        mariadb.run("INSERT INTO " + DB + ".t VALUES (1, 'a'), (2, NULL), (3, 'c')");
        mariadb.run("CREATE DATABASE " + OTHER_DB);
        mariadb.run("CREATE TABLE " + OTHER_DB + ".t (id BIGINT PRIMARY KEY, name VARCHAR(20))");
        mariadb.run("INSERT INTO " + OTHER_DB + ".t VALUES (1, 'other')");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        mariadb.run("DROP DATABASE IF EXISTS " + DB);
        mariadb.run("DROP DATABASE IF EXISTS " + OTHER_DB);
        mariadb.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @BeforeEach
    void connect() throws Exception {
        c = LocalMariaDb.connector(List.of()).connect(group.next(), DB, false, new LocalMariaDb.Unowned())
                .get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() {
        c.close();
    }

    @Test
    void prepareReturnsTheCountsAndTheDefinitions() throws Exception {
        PreparedMetadata metadata = c.prepare("SELECT ?, ? + 1 AS n").get(10, TimeUnit.SECONDS);

        assertThat(metadata.paramCount()).isEqualTo(2);
        assertThat(metadata.columnCount()).isEqualTo(2);
        assertThat(metadata.warningCount()).isZero();
        assertThat(metadata.parameterDefinitions()).extracting(d -> definition(d).name()).containsExactly("?", "?");
        assertThat(metadata.columnDefinitions()).extracting(d -> definition(d).name()).containsExactly("?", "n");
        c.closeStatement(metadata.statementId());
        assertThat(status("Com_stmt_close")).isEqualTo(1);
    }

    @Test
    void aRefusedPrepareIsTheServers1064AndTheConnectionLivesOn() throws Exception {
        assertThatThrownBy(() -> c.prepare("SELEC ?").get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1064);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).startsWith("You have an error in your SQL syntax");
                });
        assertThat(c.query("SELECT 1").get(10, TimeUnit.SECONDS).rows()).containsExactly(List.of("1"));
    }

    @Test
    void executeStreamsABinaryResultSetAndReusesTheStatement() throws Exception {
        BinaryResult first = executePrepared("SELECT ?, ? + 1 AS n", List.of(), execute(41, 1));

        assertThat(first.kinds).containsExactly(FrameKind.COLUMN_COUNT, FrameKind.COLUMN_DEFINITION,
                FrameKind.COLUMN_DEFINITION, FrameKind.COLUMNS_EOF, FrameKind.ROW, FrameKind.ROWS_EOF);
        assertThat(first.rows).hasSize(1);
        assertThat(first.rows.get(0)[0]).isZero();                   // a binary row's header
        assertThat(first.values()).containsExactly(List.of("41", "2"));
        assertThat(status("Com_stmt_prepare")).isEqualTo(1);

        BinaryResult second = executePrepared("SELECT ?, ? + 1 AS n", List.of(), execute(6, 7));

        assertThat(second.values()).containsExactly(List.of("6", "8"));
        assertThat(status("Com_stmt_prepare")).isEqualTo(1);
        assertThat(status("Com_stmt_execute")).isEqualTo(2);
    }

    @Test
    void rowsOfATableWithANullAndTheServersErrorOfAFailedPrepare() throws Exception {
        BinaryResult rows = executePrepared("SELECT id, name FROM t WHERE id >= ? ORDER BY id", List.of(), execute(2));
        assertThat(rows.values()).containsExactly(Arrays.asList("2", null), List.of("3", "c"));

        BinaryResult refused = executePrepared("SELECT * FROM nope WHERE id = ?", List.of(), execute(1));

        assertThat(refused.kinds).containsExactly(FrameKind.ERR);
        assertThat(ErrPacket.read(new PayloadReader(Unpooled.wrappedBuffer(refused.err))))
                .isEqualTo(new ErrPacket(1146, "42S02", "Table '" + DB + ".nope' doesn't exist"));
        assertThat(c.query("SELECT 2").get(10, TimeUnit.SECONDS).rows()).containsExactly(List.of("2"));
    }

    @Test
    void theSameTextInAnotherDatabaseIsAnotherStatement() throws Exception {
        String sql = "SELECT name FROM t WHERE id = ?";
        assertThat(executePrepared(sql, List.of(), execute(1)).values()).containsExactly(List.of("a"));

        c.initDb(OTHER_DB).get(10, TimeUnit.SECONDS); // a pooled connection moving to another data node's database

        assertThat(executePrepared(sql, List.of(), execute(1)).values()).containsExactly(List.of("other"));
        c.initDb(DB).get(10, TimeUnit.SECONDS);
        assertThat(executePrepared(sql, List.of(), execute(1)).values()).containsExactly(List.of("a"));
        assertThat(status("Com_stmt_prepare")).isEqualTo(2);
    }

    @Test
    void longDataFillsABlobParameter() throws Exception {
        byte[] part = new byte[70_000];
        Arrays.fill(part, (byte) 'x');
        ByteBuf execute = Unpooled.buffer().writeByte(0x17).writeIntLE(0).writeByte(0).writeIntLE(1)
                .writeByte(0x00).writeByte(1).writeByte(ColumnType.BLOB.code()).writeByte(0); // the value came before

        BinaryResult result = executePrepared("SELECT LENGTH(?)", List.of(longData(0, part), longData(0, part)),
                execute);

        assertThat(result.values()).containsExactly(List.of("140000"));
        assertThat(status("Com_stmt_send_long_data")).isEqualTo(2);
    }

    @Test
    void keepsAtMost256StatementsOpen() throws Exception {
        for (int i = 0; i < 300; i++) {
            assertThat(executePrepared("SELECT ? + " + i, List.of(), execute(1)).values())
                    .containsExactly(List.of(Integer.toString(1 + i)));
        }

        assertThat(status("Com_stmt_prepare")).isEqualTo(300);
        assertThat(status("Com_stmt_close")).isEqualTo(300 - NativeConnection.MAX_CACHED_STATEMENTS);
        assertThat(executePrepared("SELECT ? + 299", List.of(), execute(1)).values())
                .containsExactly(List.of("300"));
        assertThat(executePrepared("SELECT ? + 0", List.of(), execute(1)).values()).containsExactly(List.of("1"));
        assertThat(status("Com_stmt_prepare")).isEqualTo(301);      // the first was closed, the last was not
    }

    @Test
    void aDataHostOutOfStatementsGetsSomeBackAndThePrepareIsTriedAgain() throws Exception {
        long max = Long.parseLong(c.query("SELECT @@global.max_prepared_stmt_count").get(10, TimeUnit.SECONDS)
                .rows().get(0).get(0));
        long inUse = Long.parseLong(c.query("SHOW GLOBAL STATUS LIKE 'Prepared_stmt_count'")
                .get(10, TimeUnit.SECONDS).rows().get(0).get(1));
        mariadb.run("SET GLOBAL max_prepared_stmt_count = " + (inUse + 4)); // the whole server's, as in a big pool
        try {
            for (int i = 0; i < 10; i++) {
                assertThat(executePrepared("SELECT ? + " + i, List.of(), execute(1)).values())
                        .as("statement %d", i).containsExactly(List.of(Integer.toString(1 + i)));
            }
            assertThat(status("Com_stmt_close")).isPositive(); // it gave statements back to make room
        } finally {
            mariadb.run("SET GLOBAL max_prepared_stmt_count = " + max);
        }
    }

    @Test
    void afterResetTheStatementIsPreparedAgain() throws Exception {
        executePrepared("SELECT ? * 2", List.of(), execute(21));

        c.reset().get(10, TimeUnit.SECONDS);
        long prepared = status("Com_stmt_prepare");

        assertThat(executePrepared("SELECT ? * 2", List.of(), execute(21)).values()).containsExactly(List.of("42"));
        assertThat(status("Com_stmt_prepare")).isEqualTo(prepared + 1);
    }

    private BinaryResult executePrepared(String sql, List<ByteBuf> longData, ByteBuf execute) throws Exception {
        BinaryResult result = new BinaryResult();
        c.executePrepared(sql, longData, execute, result);
        result.done.get(10, TimeUnit.SECONDS);
        return result;
    }

    /** A session status counter of this connection, read with COM_QUERY (which counts in none of them). */
    private long status(String name) throws Exception {
        return Long.parseLong(c.query("SHOW SESSION STATUS LIKE '" + name + "'").get(10, TimeUnit.SECONDS).rows()
                .get(0).get(1));
    }

    /** COM_STMT_EXECUTE with BIGINT parameters, their types bound, under statement id 0 (the connection sets it). */
    private static ByteBuf execute(long... values) {
        ByteBuf payload = Unpooled.buffer().writeByte(0x17).writeIntLE(0).writeByte(0).writeIntLE(1)
                .writeZero((values.length + 7) / 8).writeByte(1);
        for (int i = 0; i < values.length; i++) {
            payload.writeByte(ColumnType.LONGLONG.code()).writeByte(0);
        }
        for (long value : values) {
            payload.writeLongLE(value);
        }
        return payload;
    }

    private static ByteBuf longData(int param, byte[] data) {
        return Unpooled.buffer().writeByte(0x18).writeIntLE(0).writeShortLE(param).writeBytes(data);
    }

    private static ColumnDefinition41 definition(byte[] payload) {
        return ColumnDefinition41.read(new PayloadReader(Unpooled.wrappedBuffer(payload)));
    }

    /** Keeps the frame kinds, the column definitions, the binary rows' and an ERR's payloads. */
    private static final class BinaryResult implements ResponseHandler {

        final List<FrameKind> kinds = new ArrayList<>();
        final List<ColumnDefinition41> columns = new ArrayList<>();
        final List<byte[]> rows = new ArrayList<>();
        final CompletableFuture<Integer> done = new CompletableFuture<>();
        byte[] err;

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            try {
                kinds.add(kind);
                byte[] payload = ByteBufUtil.getBytes(frame.content());
                if (kind == FrameKind.COLUMN_DEFINITION) {
                    columns.add(definition(payload));
                } else if (kind == FrameKind.ROW) {
                    rows.add(payload);
                } else if (kind == FrameKind.ERR) {
                    err = payload;
                }
            } finally {
                frame.release();
            }
        }

        @Override
        public void onComplete(int statusFlags) {
            done.complete(statusFlags);
        }

        @Override
        public void onFailure(Throwable cause) {
            done.completeExceptionally(cause);
        }

        /**
         * The rows as text: {@code 0x00 | NULL bitmap, offset 2 | values} (MySQL manual: "Binary Protocol
         * Resultset Row"), for the integer and string types these tests select.
         */
        List<List<String>> values() {
            List<List<String>> out = new ArrayList<>();
            for (byte[] row : rows) {
                PayloadReader in = new PayloadReader(Unpooled.wrappedBuffer(row));
                in.int1();
                byte[] nulls = in.bytes((columns.size() + 9) / 8);
                List<String> values = new ArrayList<>();
                for (int i = 0; i < columns.size(); i++) {
                    int bit = i + 2;
                    values.add((nulls[bit / 8] & (1 << (bit % 8))) != 0 ? null : value(in, columns.get(i).type()));
                }
                out.add(values);
            }
            return out;
        }

        private static String value(PayloadReader in, ColumnType type) {
            switch (type) {
                case LONGLONG:
                    return Long.toString(in.int8());
                case LONG:
                case INT24:
                    return Integer.toString((int) in.int4());
                default:
                    return in.lenencString(StandardCharsets.UTF_8); // DECIMAL and the strings
            }
        }
    }
}
