package io.tessera.backend.jdbc;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.fake.LocalMariaDb;
import io.tessera.backend.fake.TcpRelay;
import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.health.HeartbeatStatus;
import io.tessera.backend.health.JdbcHeartbeat;
import io.tessera.backend.health.ReplicationState;
import io.tessera.backend.host.Balance;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.backend.host.Intent;
import io.tessera.backend.host.Server;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteHostSettings;
import io.tessera.backend.host.WriteHostSwitchListener;
import io.tessera.backend.host.WriteType;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.BackendTls;
import io.tessera.backend.pool.PoolStats;
import io.tessera.backend.pool.ServerSettings;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JDBC servers against the MariaDB on 127.0.0.1:3306 over mysql-connector-j. */
class JdbcDataHostIT {

    private static final String URL = "jdbc:mysql://127.0.0.1:" + LocalMariaDb.PORT;

    private static EventLoopGroup group;
    private static ExecutorService business;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeAll
    static void start() {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        business = Executors.newFixedThreadPool(4);
    }

    @AfterAll
    static void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        business.shutdownNow();
    }

    @AfterEach
    void closeAll() throws Exception {
        Collections.reverse(toClose);
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private static ServerSettings server(String url, int minCon, int maxCon, List<String> initSql) {
        return new ServerSettings("jdbc1", "127.0.0.1", LocalMariaDb.PORT, LocalMariaDb.USER, "", minCon, maxCon,
                1_000, 600_000, 3_600_000, "select user()", 100, initSql, 16 * 1024 * 1024, url,
                BackendTls.DISABLED);
    }

    private JdbcServerPool pool(ServerSettings settings) {
        JdbcServerPool pool = new JdbcServerPool(settings, business, group);
        toClose.add(pool);
        return pool;
    }

    private static BackendConnection borrow(JdbcServerPool pool) throws Exception {
        return pool.borrow(null, false, null).get(10, TimeUnit.SECONDS);
    }

    @Test
    void runsEveryConnectionInitSqlStatementOnEachNewConnection() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 2, List.of("SET SESSION group_concat_max_len = 12345",
                "SET SESSION max_sort_length = 2345")));
        BackendConnection first = borrow(pool);
        BackendConnection second = borrow(pool); // a second physical connection: the statements ran there too
        for (BackendConnection c : List.of(first, second)) {
            assertThat(c.query("SELECT @@group_concat_max_len, @@max_sort_length").get(10, TimeUnit.SECONDS).rows())
                    .containsExactly(List.of("12345", "2345"));
        }
        assertThat(first.connectionId()).isNotEqualTo(second.connectionId()).isPositive();
        first.release();
        second.release();
    }

    @Test
    void minConAndMaxConBoundTheHikariPoolAndMaxWaitBoundsABorrower() throws Exception {
        JdbcServerPool pool = pool(server(URL, 2, 3, List.of()));
        pool.start().get(10, TimeUnit.SECONDS);
        await(() -> pool.stats().idle() + pool.stats().active() >= 2, pool::stats);
        List<BackendConnection> lent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            lent.add(borrow(pool));
        }
        PoolStats busy = pool.stats();
        assertThat(busy.active()).isEqualTo(3);
        assertThat(busy.idle()).isZero();
        assertThat(busy.maxCon()).isEqualTo(3);
        assertThat(busy.minCon()).isEqualTo(2);
        assertThatThrownBy(() -> pool.borrow(null, false, null).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(BackendException.class)
                .hasMessageContaining("no connection within 1000 ms (active=3/3");
        lent.forEach(BackendConnection::release);
        await(() -> pool.stats().active() == 0 && pool.stats().idle() == 3, pool::stats);
    }

    @Test
    void keepsTheSessionOfAPhysicalConnectionAcrossBorrows() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 1, List.of()));
        BackendConnection first = borrow(pool);
        io.netty.util.AttributeKey<String> key = io.netty.util.AttributeKey.valueOf("jdbc-it.applied");
        first.attr(key).set("group_concat_max_len=999");
        first.query("SET SESSION group_concat_max_len = 999").get(10, TimeUnit.SECONDS);
        long id = first.connectionId();
        first.release();
        BackendConnection again = borrow(pool); // maxCon 1: the same physical connection
        assertThat(again.connectionId()).isEqualTo(id);
        assertThat(again.attr(key).get()).isEqualTo("group_concat_max_len=999");
        assertThat(again.query("SELECT @@group_concat_max_len").get(10, TimeUnit.SECONDS).rows())
                .containsExactly(List.of("999"));
        again.reset().get(10, TimeUnit.SECONDS); // a fresh session: the attributes and the setting go
        assertThat(again.attr(key).get()).isNull();
        assertThat(again.query("SELECT @@group_concat_max_len").get(10, TimeUnit.SECONDS).rows())
                .doesNotContain(List.of("999"));
        again.release();
    }

    @Test
    void streamsRowsInBatchesAndStopsFetchingWhilePaused() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 1, List.of()));
        BackendConnection c = borrow(pool);
        Recorder recorder = new Recorder(c, 10);
        c.execute(query("SELECT seq, CONCAT('row', seq) FROM mysql.seq_1_to_5000"), false, recorder);
        await(() -> recorder.rows() >= 10, recorder::toString);
        Thread.sleep(300); // had it not paused, the 5000 rows would be in by now
        int whilePaused = recorder.rows();
        assertThat(whilePaused).isLessThanOrEqualTo(10 + ResultCursor.BATCH_ROWS);
        assertThat(recorder.done).isNotDone();
        c.resumeReading();
        recorder.done.get(10, TimeUnit.SECONDS);
        assertThat(recorder.rows()).isEqualTo(5000);
        assertThat(recorder.kinds).startsWith(FrameKind.COLUMN_COUNT, FrameKind.COLUMN_DEFINITION,
                FrameKind.COLUMN_DEFINITION, FrameKind.COLUMNS_EOF, FrameKind.ROW).endsWith(FrameKind.ROWS_EOF);
        assertThat(recorder.lastRow).isEqualTo("5000|row5000");
        c.release();
    }

    @Test
    void mysqlErrorsKeepTheirCodeAndTheConnectionStaysUsable() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 1, List.of()));
        BackendConnection c = borrow(pool);
        Recorder missing = new Recorder(c, Integer.MAX_VALUE);
        c.execute(query("SELECT * FROM mysql.no_such_table"), false, missing);
        missing.done.get(10, TimeUnit.SECONDS);
        assertThat(missing.kinds).containsExactly(FrameKind.ERR);
        assertThat(missing.errorCode).isEqualTo(1146);
        assertThat(c.lastErrorCode()).isEqualTo(1146);
        assertThat(c.isUsable()).isTrue();

        Recorder prepare = new Recorder(c, Integer.MAX_VALUE);
        c.execute(Unpooled.wrappedBuffer(new byte[] {(byte) Command.FIELD_LIST}), true, prepare);
        prepare.done.get(10, TimeUnit.SECONDS);
        assertThat(prepare.errorCode).isEqualTo(1235);
        assertThat(prepare.errorMessage).contains("data host jdbc1 (jdbc:mysql://127.0.0.1:3306)")
                .contains("not supported on a dbDriver=\"jdbc\" data host");
        assertThatThrownBy(() -> c.prepare("SELECT 1").get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));

        Recorder ok = new Recorder(c, Integer.MAX_VALUE);
        c.execute(query("SELECT 1"), false, ok);
        ok.done.get(10, TimeUnit.SECONDS);
        assertThat(ok.lastRow).isEqualTo("1");
        c.release();
    }

    @Test
    void heartbeatIsOkErrorOrTimeoutAsTheNativeOne() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 1, List.of()));
        JdbcHeartbeat ok = heartbeat(pool::openUnpooled, "select user()", 5_000);
        assertThat(ok.check().get(10, TimeUnit.SECONDS).status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(ok.isOk()).isTrue();

        int deadPort = deadPort();
        JdbcHeartbeat dead = heartbeat(() -> DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + deadPort,
                "root", ""), "select user()", 5_000);
        HeartbeatStatus error = dead.check().get(10, TimeUnit.SECONDS);
        assertThat(error.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(error.status().code()).isEqualTo(-1);
        assertThat(error.errorCount()).isEqualTo(1);
        assertThat(dead.check().get(10, TimeUnit.SECONDS).errorCount()).isEqualTo(2);

        JdbcHeartbeat slow = heartbeat(pool::openUnpooled, "select sleep(3)", 300);
        HeartbeatStatus timeout = slow.check().get(10, TimeUnit.SECONDS);
        assertThat(timeout.status()).isEqualTo(HeartbeatStatus.Status.TIMEOUT);
        assertThat(timeout.status().code()).isEqualTo(-2);
        assertThat(timeout.lastError()).contains("within 300 ms");
    }

    @Test
    void heartbeatReadsReplicationAndGaleraStateAsTheNativeOne() throws Exception {
        JdbcServerPool pool = pool(server(URL, 0, 1, List.of()));
        JdbcHeartbeat replica = new JdbcHeartbeat("data host jdbc1", pool::openUnpooled, "show slave status",
                3_600_000, 5_000, business, group.next(), Clock.systemUTC(),
                HeartbeatCheck.of(2, 2, "show slave status"), status -> { });
        toClose.add(replica);
        HeartbeatStatus replication = replica.check().get(10, TimeUnit.SECONDS);
        assertThat(replication.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(replication.replication())
                .isEqualTo(new ReplicationState(ReplicationState.Condition.NOT_A_REPLICA, -1));

        String wsrep = "show status like 'wsrep%'";
        JdbcHeartbeat galera = new JdbcHeartbeat("data host jdbc1", pool::openUnpooled, wsrep, 3_600_000, 5_000,
                business, group.next(), Clock.systemUTC(), HeartbeatCheck.of(3, -1, wsrep), status -> { });
        toClose.add(galera);
        HeartbeatStatus node = galera.check().get(10, TimeUnit.SECONDS);
        assertThat(node.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(node.lastError()).startsWith("Galera node not usable: wsrep_cluster_status=")
                .contains("wsrep_ready=OFF");
    }

    private JdbcHeartbeat heartbeat(JdbcHeartbeat.Opener opener, String sql, long timeoutMillis) {
        JdbcHeartbeat heartbeat = new JdbcHeartbeat("data host jdbc1", opener, sql, 3_600_000, timeoutMillis,
                business, group.next(), Clock.systemUTC(), status -> { });
        toClose.add(heartbeat);
        return heartbeat;
    }

    @Test
    void writesMoveToTheNextJdbcWriteHostWhenTheHeartbeatFails() throws Exception {
        TcpRelay relay = new TcpRelay(LocalMariaDb.PORT);
        toClose.add(relay);
        List<Integer> switches = Collections.synchronizedList(new ArrayList<>());
        WriteHostSwitchListener listener = (name, index) -> switches.add(index);
        DataHost host = new DataHost(new DataHostSettings("jdbc1", Balance.NONE, WriteType.ONE_NODE,
                SwitchType.HEARTBEAT, -1, List.of(
                        new WriteHostSettings("hostM1", server("jdbc:mysql://127.0.0.1:" + relay.port(), 0, 2,
                                List.of()), List.of()),
                        new WriteHostSettings("hostM2", server(URL, 0, 2, List.of()), List.of())), 2),
                0, listener, group, business, Clock.systemUTC(), BackendConnector.socketChannelFactory(group));
        toClose.add(host);
        host.start().get(10, TimeUnit.SECONDS);
        Server first = host.writeHosts().get(0);
        Server second = host.writeHosts().get(1);
        await(() -> first.isAlive() && second.isAlive(), () -> first.heartbeat() + " / " + second.heartbeat());
        BackendConnection before = host.borrow(null, false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);
        assertThat(before.dataHost()).isEqualTo(first.describe());
        before.release();

        relay.close();

        await(() -> host.activeWriteIndex() == 1 && !switches.isEmpty(), () -> first.heartbeat());
        assertThat(switches).hasSize(1);
        assertThat(switches.get(0).intValue()).isEqualTo(1);
        BackendConnection after = host.borrow(null, false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);
        assertThat(after.dataHost()).isEqualTo(second.describe());
        after.release();
    }

    private static int deadPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static ByteBuf query(String sql) {
        ByteBuf payload = Unpooled.buffer();
        payload.writeByte(Command.QUERY);
        payload.writeCharSequence(sql, StandardCharsets.UTF_8);
        return payload;
    }

    /** Records a response; pauses reading once {@code pauseAfterRows} rows are in. */
    private static final class Recorder implements ResponseHandler {

        final CompletableFuture<Integer> done = new CompletableFuture<>();
        final List<FrameKind> kinds = Collections.synchronizedList(new ArrayList<>());
        private final BackendConnection connection;
        private final int pauseAfterRows;
        private volatile int rows;
        volatile int errorCode;
        volatile String errorMessage;
        volatile String lastRow;

        Recorder(BackendConnection connection, int pauseAfterRows) {
            this.connection = connection;
            this.pauseAfterRows = pauseAfterRows;
        }

        int rows() {
            return rows;
        }

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            try {
                kinds.add(kind);
                if (kind == FrameKind.ERR) {
                    ErrPacket err = ErrPacket.read(new io.tessera.protocol.codec.PayloadReader(frame.content()));
                    errorCode = err.errorCode();
                    errorMessage = err.message();
                } else if (kind == FrameKind.ROW) {
                    io.tessera.protocol.codec.PayloadReader in =
                            new io.tessera.protocol.codec.PayloadReader(frame.content());
                    List<String> values = new ArrayList<>();
                    while (in.readableBytes() > 0) {
                        values.add(in.lenencString(StandardCharsets.UTF_8));
                    }
                    lastRow = String.join("|", values);
                    if (++rows == pauseAfterRows) {
                        connection.pauseReading();
                    }
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

        @Override
        public String toString() {
            return "rows=" + rows + ", kinds=" + kinds.size();
        }
    }
}
