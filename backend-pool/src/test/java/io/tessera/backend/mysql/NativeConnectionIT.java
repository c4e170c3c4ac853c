package io.tessera.backend.mysql;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendException;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.fake.LocalMariaDb;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.TesseraException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The native client against the MariaDB on 127.0.0.1:3306. */
class NativeConnectionIT {

    private static final String DB = LocalMariaDb.uniqueName();
    private static final String USER = DB.replace("tessera_bp_", "tbp_").substring(0, 16);

    private static EventLoopGroup group;
    private static EventLoop loop;
    private static LocalMariaDb mariadb;

    private final List<NativeConnection> opened = new ArrayList<>();

    @BeforeAll
    static void createDatabase() throws Exception {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        loop = group.next();
        mariadb = new LocalMariaDb(loop);
        mariadb.run("CREATE DATABASE " + DB);
        mariadb.run("CREATE TABLE " + DB + ".t (id INT PRIMARY KEY, name VARCHAR(20))");
        mariadb.run("INSERT INTO " + DB + ".t VALUES (1, 'a'), (2, 'b'), (3, NULL)");
        mariadb.run("CREATE USER '" + USER + "'@'%' IDENTIFIED BY 'pw-" + USER + "'");
        mariadb.run("GRANT SELECT ON " + DB + ".* TO '" + USER + "'@'%'");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        mariadb.run("DROP DATABASE IF EXISTS " + DB);
        mariadb.run("DROP USER IF EXISTS '" + USER + "'@'%'");
        mariadb.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @AfterEach
    void closeConnections() {
        opened.forEach(NativeConnection::close);
    }

    private NativeConnection connect(String database) throws Exception {
        return connect(LocalMariaDb.connector(List.of()), database);
    }

    private NativeConnection connect(BackendConnector connector, String database) throws Exception {
        NativeConnection c = connector.connect(loop, database, false, new LocalMariaDb.Unowned())
                .get(10, TimeUnit.SECONDS);
        opened.add(c);
        return c;
    }

    private static String single(NativeConnection c, String sql) throws Exception {
        return c.query(sql).get(10, TimeUnit.SECONDS).rows().get(0).get(0);
    }

    @Test
    void logsInAndQueries() throws Exception {
        NativeConnection c = connect(null);

        QueryResult result = c.query("SELECT 1 AS one, NULL AS nothing").get(10, TimeUnit.SECONDS);

        assertThat(result.columns()).containsExactly("one", "nothing");
        assertThat(result.rows()).hasSize(1);
        assertThat(result.rows().get(0).get(0)).isEqualTo("1");
        assertThat(result.rows().get(0).get(1)).isNull();
        assertThat(single(c, "SELECT CONNECTION_ID()")).isEqualTo(Long.toString(c.connectionId()));
        assertThat(c.serverVersion()).endsWith(single(c, "SELECT VERSION()")); // MariaDB prefixes 5.5.5-
        assertThat(single(c, "SELECT @@collation_connection")).isEqualTo("utf8mb4_general_ci");
    }

    @Test
    void logsInToADatabaseAndSwitchesWithInitDb() throws Exception {
        NativeConnection c = connect(DB);
        assertThat(single(c, "SELECT DATABASE()")).isEqualTo(DB);

        NativeConnection other = connect(null);
        assertThat(single(other, "SELECT DATABASE()")).isNull();
        other.initDb(DB).get(10, TimeUnit.SECONDS);
        assertThat(other.database()).isEqualTo(DB);
        assertThat(single(other, "SELECT COUNT(*) FROM t")).isEqualTo("3");
    }

    @Test
    void anUnknownDatabaseIsTheServers1049() throws Exception {
        NativeConnection c = connect(null);

        assertThatThrownBy(() -> c.initDb(DB + "_nope").get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1049);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).isEqualTo("Unknown database '" + DB + "_nope'");
                });
        assertThat(single(c, "SELECT 2")).isEqualTo("2");
        assertThatThrownBy(() -> connect(DB + "_nope")).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1049);
                    assertThat(e.getMessage()).isEqualTo("data host local (127.0.0.1:3306): Unknown database '"
                            + DB + "_nope'");
                });
    }

    @Test
    void streamsAResultSetFrameByFrame() throws Exception {
        NativeConnection c = connect(DB);
        Collector collector = new Collector();

        c.execute(comQuery("SELECT id, name FROM t ORDER BY id"), false, collector);

        assertThat(collector.done.get(10, TimeUnit.SECONDS) & ServerStatus.AUTOCOMMIT).isNotZero();
        assertThat(collector.kinds).containsExactly(FrameKind.COLUMN_COUNT, FrameKind.COLUMN_DEFINITION,
                FrameKind.COLUMN_DEFINITION, FrameKind.COLUMNS_EOF, FrameKind.ROW, FrameKind.ROW, FrameKind.ROW,
                FrameKind.ROWS_EOF);
        assertThat(collector.sequenceIds).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    }

    @Test
    void anUnknownTableIsTheServers1146() throws Exception {
        NativeConnection c = connect(DB);

        assertThatThrownBy(() -> c.query("SELECT * FROM nope").get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1146);
                    assertThat(e.sqlState()).isEqualTo("42S02");
                    assertThat(e.getMessage()).isEqualTo("Table '" + DB + ".nope' doesn't exist");
                });
        Collector collector = new Collector();
        c.execute(comQuery("SELECT * FROM nope"), false, collector);
        collector.done.get(10, TimeUnit.SECONDS);
        assertThat(collector.kinds).containsExactly(FrameKind.ERR);
        assertThat(c.lastErrorCode()).isEqualTo(1146);
        assertThat(single(c, "SELECT 1")).isEqualTo("1");
        assertThat(c.lastErrorCode()).isZero(); // each command starts clean
    }

    @Test
    void aSyntaxErrorIsTheServers1064() throws Exception {
        NativeConnection c = connect(DB);

        assertThatThrownBy(() -> c.query("SELEC 1").get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1064);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).startsWith("You have an error in your SQL syntax");
                });
        assertThat(single(c, "SELECT 3")).isEqualTo("3");
    }

    @Test
    void logsInWithANativePasswordAndRefusesAWrongOne() throws Exception {
        NativeConnection c = connect(LocalMariaDb.connector(USER, "pw-" + USER, LocalMariaDb.PORT, List.of()), DB);
        assertThat(single(c, "SELECT COUNT(*) FROM t")).isEqualTo("3");

        assertThatThrownBy(() -> connect(LocalMariaDb.connector(USER, "wrong", LocalMariaDb.PORT, List.of()), DB))
                .cause().isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1045);
                    assertThat(e.sqlState()).isEqualTo("28000");
                    assertThat(e.getMessage()).startsWith("data host local (127.0.0.1:3306): Access denied for user '"
                            + USER + "'@'").endsWith("(using password: YES)");
                });
    }

    @Test
    void runsConnectionInitSqlInOrder() throws Exception {
        NativeConnection c = connect(LocalMariaDb.connector(List.of("SET @a = 40", "SET @a = @a + 2")), null);

        assertThat(single(c, "SELECT @a")).isEqualTo("42");
        assertThatThrownBy(() -> connect(LocalMariaDb.connector(List.of("SET @@nonsense = 1")), null)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1193);
                    assertThat(e.getMessage()).isEqualTo("data host local (127.0.0.1:3306): connectionInitSql"
                            + " 'SET @@nonsense = 1' failed: Unknown system variable 'nonsense'");
                });
    }

    @Test
    void aConnectionKilledInTheMiddleOfAQueryFailsItsHandler() throws Exception {
        NativeConnection c = connect(null);
        NativeConnection probe = connect(null);
        Collector collector = new Collector();
        c.execute(comQuery("SELECT SLEEP(20)"), false, collector);
        String running = "SELECT COUNT(*) FROM information_schema.processlist WHERE id = " + c.connectionId()
                + " AND info LIKE 'SELECT SLEEP%'";
        await(() -> "1".equals(probe.query(running).join().rows().get(0).get(0)), () -> "query not running");

        mariadb.kill(c.connectionId());

        assertThatThrownBy(() -> collector.done.get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1105);
                    assertThat(e.getMessage()).startsWith("data host local (127.0.0.1:3306): ");
                });
        assertThat(c.isUsable()).isFalse();
    }

    @Test
    void readingStopsWhileAutoReadIsOffAndResumes() throws Exception {
        NativeConnection c = connect(DB);
        AtomicInteger rows = new AtomicInteger();
        AtomicBoolean paused = new AtomicBoolean();
        CompletableFuture<Integer> done = new CompletableFuture<>();
        c.execute(comQuery("SELECT seq, REPEAT('x', 100) FROM seq_1_to_200000"), false, new ResponseHandler() {
            @Override
            public void onFrame(Packet frame, FrameKind kind) {
                frame.release();
                if (kind == FrameKind.ROW && rows.incrementAndGet() == 1 && paused.compareAndSet(false, true)) {
                    c.pauseReading();
                }
            }

            @Override
            public void onComplete(int statusFlags) {
                done.complete(rows.get());
            }

            @Override
            public void onFailure(Throwable cause) {
                done.completeExceptionally(cause);
            }
        });
        await(paused::get, () -> "no row yet");
        Thread.sleep(300);
        int whilePaused = rows.get();
        Thread.sleep(300);

        assertThat(rows.get()).isEqualTo(whilePaused).isLessThan(200_000);
        assertThat(done).isNotDone();
        c.resumeReading();
        assertThat(done.get(30, TimeUnit.SECONDS)).isEqualTo(200_000);
    }

    private static ByteBuf comQuery(String sql) {
        ByteBuf payload = Unpooled.buffer();
        payload.writeByte(0x03).writeCharSequence(sql, StandardCharsets.UTF_8);
        return payload;
    }

    /** Collects frame kinds and sequence ids; completes with the final status flags. */
    private static final class Collector implements ResponseHandler {

        final List<FrameKind> kinds = new ArrayList<>();
        final List<Integer> sequenceIds = new ArrayList<>();
        final CompletableFuture<Integer> done = new CompletableFuture<>();

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            kinds.add(kind);
            sequenceIds.add(frame.sequenceId());
            frame.release();
        }

        @Override
        public void onComplete(int statusFlags) {
            done.complete(statusFlags);
        }

        @Override
        public void onFailure(Throwable cause) {
            done.completeExceptionally(cause);
        }
    }
}
