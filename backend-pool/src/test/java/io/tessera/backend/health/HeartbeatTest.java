package io.tessera.backend.health;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.fake.MutableClock;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.ConnectOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HeartbeatTest {

    private static EventLoopGroup group;

    private final MutableClock clock = new MutableClock();
    private final List<Heartbeat> heartbeats = new ArrayList<>();
    private FakeMysqlServer server;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @BeforeEach
    void startServer() throws InterruptedException {
        server = FakeMysqlServer.start(FakeMysqlServer.Auth.SHA2_FAST, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        heartbeats.forEach(Heartbeat::close);
        server.close();
    }

    private Heartbeat heartbeat(int port, String sql, long periodMillis, long timeoutMillis) {
        BackendConnector connector = new BackendConnector(new ConnectOptions("host1", "127.0.0.1", port, "app",
                "s3cret", List.of(), 1 << 24, 5000), NioSocketChannel::new);
        Heartbeat heartbeat = new Heartbeat(connector, sql, periodMillis, timeoutMillis, group.next(), clock);
        heartbeats.add(heartbeat);
        return heartbeat;
    }

    @Test
    void isInitBeforeTheFirstCheck() {
        assertThat(heartbeat(server.port(), "select user()", 60_000, 1000).status())
                .isEqualTo(HeartbeatStatus.initial(1000));
    }

    @Test
    void isOkWhenTheServerAnswersAndKeepsItsConnection() throws Exception {
        Heartbeat heartbeat = heartbeat(server.port(), "select user()", 60_000, 1000);

        HeartbeatStatus first = heartbeat.check().get(10, TimeUnit.SECONDS);
        HeartbeatStatus second = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(first).isEqualTo(new HeartbeatStatus(HeartbeatStatus.Status.OK, clock.millis(), 0, 0, "",
                clock.millis(), 1000, 0, 0, 0, false));
        assertThat(second.status().code()).isEqualTo(1);
        assertThat(heartbeat.status()).isEqualTo(second);
        assertThat(server.log()).containsExactly("LOGIN db=null user=app plugin=caching_sha2_password",
                "QUERY select user()", "QUERY select user()");
    }

    @Test
    void isErrorWhenTheHostCannotBeReachedAndCountsFailures() throws Exception {
        int port = server.port();
        server.close();
        Heartbeat heartbeat = heartbeat(port, "select user()", 60_000, 1000);

        HeartbeatStatus first = heartbeat.check().get(10, TimeUnit.SECONDS);
        HeartbeatStatus second = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(first.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(first.status().code()).isEqualTo(-1);
        assertThat(first.lastError()).startsWith("cannot connect: Connection refused");
        assertThat(second.errorCount()).isEqualTo(2);

        server = FakeMysqlServer.start(FakeMysqlServer.Auth.SHA2_FAST, "app", "s3cret", port);
        HeartbeatStatus recovered = heartbeat.check().get(10, TimeUnit.SECONDS);
        assertThat(recovered.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(recovered.errorCount()).isZero();
    }

    @Test
    void tellsItsListenerEveryOutcomeAfterItsStatusShowsIt() throws Exception {
        int port = server.port();
        List<String> told = new CopyOnWriteArrayList<>();
        BackendConnector connector = new BackendConnector(new ConnectOptions("host1", "127.0.0.1", port, "app",
                "s3cret", List.of(), 1 << 24, 5000), NioSocketChannel::new);
        Heartbeat[] created = new Heartbeat[1];
        created[0] = new Heartbeat(connector, "select user()", 60_000, 1000, group.next(), clock,
                status -> told.add(status.status() + " " + status.errorCount() + " shown "
                        + created[0].status().equals(status.withChecking(false))));
        heartbeats.add(created[0]);

        created[0].check().get(10, TimeUnit.SECONDS);
        server.close();
        created[0].check().get(10, TimeUnit.SECONDS);
        created[0].check().get(10, TimeUnit.SECONDS);

        assertThat(told).containsExactly("OK 0 shown true", "ERROR 1 shown true", "ERROR 2 shown true");
    }

    @Test
    void isErrorWhenTheServerAnswersErr() throws Exception {
        Heartbeat heartbeat = heartbeat(server.port(), "fail", 60_000, 1000);

        HeartbeatStatus status = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(status.lastError()).isEqualTo("Table 'null.nope' doesn't exist");
    }

    @Test
    void isTimeoutWhenTheServerDoesNotAnswerAndDropsTheConnection() throws Exception {
        Heartbeat heartbeat = heartbeat(server.port(), "hang", 60_000, 200);

        HeartbeatStatus status = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.TIMEOUT);
        assertThat(status.status().code()).isEqualTo(-2);
        assertThat(status.lastError()).isEqualTo("no answer to 'hang' within 200 ms");
        await(() -> server.openConnections() == 0, server::openConnections);
    }

    @Test
    void startChecksPeriodically() {
        Heartbeat heartbeat = heartbeat(server.port(), "select user()", 20, 1000);

        heartbeat.start();

        await(() -> server.log().stream().filter("QUERY select user()"::equals).count() >= 3, server::log);
        assertThat(heartbeat.status().status()).isEqualTo(HeartbeatStatus.Status.OK);
    }

    @Test
    void aPausedHeartbeatSkipsItsPeriodicChecksUntilThePauseEnds() throws Exception {
        Heartbeat heartbeat = heartbeat(server.port(), "select user()", 20, 1000);
        heartbeat.pauseUntil(clock.millis() + 60_000);

        heartbeat.start();
        Thread.sleep(200); // ten periods

        assertThat(server.log()).noneMatch("QUERY select user()"::equals);
        assertThat(heartbeat.pausedUntil()).isEqualTo(clock.millis() + 60_000);
        clock.advance(Duration.ofSeconds(60));
        await(() -> server.log().contains("QUERY select user()"), server::log);
    }

    @Test
    void keepsEachAnsweredCheckAndTheReplicaRowOfTheLastAnswer() throws Exception {
        Heartbeat heartbeat = heartbeat("show slave status", HeartbeatCheck.of(2, 2, "show slave status"));
        slaveStatus("Yes", "Yes", "3");
        heartbeat.check().get(10, TimeUnit.SECONDS);
        clock.advance(Duration.ofSeconds(10));
        slaveStatus("Yes", "No", null);
        heartbeat.check().get(10, TimeUnit.SECONDS);
        server.close();
        heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(heartbeat.samples()).extracting(HeartbeatSample::atMillis, HeartbeatSample::secondsBehind)
                .containsExactly(Tuple.tuple(clock.millis() - 10_000, 3L),
                        Tuple.tuple(clock.millis(), -1L));
        assertThat(heartbeat.replica()).hasValueSatisfying(r -> {
            assertThat(r.ioRunning()).isEqualTo("Yes");
            assertThat(r.sqlRunning()).isEqualTo("No");
            assertThat(r.secondsBehind()).isEqualTo(-1);
            assertThat(r.masterHost()).isNull(); // not in this server's answer
        });
    }

    private Heartbeat heartbeat(String sql, HeartbeatCheck check) {
        BackendConnector connector = new BackendConnector(new ConnectOptions("host1", "127.0.0.1", server.port(),
                "app", "s3cret", List.of(), 1 << 24, 5000), NioSocketChannel::new);
        Heartbeat heartbeat = new Heartbeat(connector, sql, 60_000, 1000, group.next(), clock, check, status -> { });
        heartbeats.add(heartbeat);
        return heartbeat;
    }

    private void slaveStatus(String io, String sql, String behind) {
        server.answer("show slave status", List.of("Slave_IO_Running", "Slave_SQL_Running", "Seconds_Behind_Master"),
                List.<String[]>of(new String[] {io, sql, behind}));
    }

    @Test
    void readsTheReplicationStateAndKeepsItWhileTheServerDoesNotAnswer() throws Exception {
        Heartbeat heartbeat = heartbeat("show slave status", HeartbeatCheck.of(2, 2, "show slave status"));

        slaveStatus("Yes", "Yes", "0");
        HeartbeatStatus inSync = heartbeat.check().get(10, TimeUnit.SECONDS);
        slaveStatus("Yes", "Yes", "5");
        HeartbeatStatus lagging = heartbeat.check().get(10, TimeUnit.SECONDS);
        slaveStatus("Yes", "No", null);
        HeartbeatStatus stopped = heartbeat.check().get(10, TimeUnit.SECONDS);
        server.close();
        HeartbeatStatus down = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(inSync.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(inSync.replication()).isEqualTo(new ReplicationState(ReplicationState.Condition.IN_SYNC, 0));
        assertThat(lagging.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(lagging.replication()).isEqualTo(new ReplicationState(ReplicationState.Condition.LAGGING, 5));
        assertThat(stopped.status()).isEqualTo(HeartbeatStatus.Status.OK);
        // the lag of the last answer with both threads running is kept
        assertThat(stopped.replication()).isEqualTo(new ReplicationState(ReplicationState.Condition.STOPPED, -1, 5));
        assertThat(heartbeat.status().replication()).isEqualTo(down.replication());
        assertThat(down.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(down.replication()).isEqualTo(stopped.replication());
    }

    @Test
    void aPrimaryAnswersNoReplication() throws Exception {
        Heartbeat heartbeat = heartbeat("show slave status", HeartbeatCheck.of(2, 2, "show slave status"));
        server.answer("show slave status", List.of("Slave_IO_Running", "Slave_SQL_Running", "Seconds_Behind_Master"),
                List.of());

        HeartbeatStatus status = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(status.replication().condition()).isEqualTo(ReplicationState.Condition.NOT_A_REPLICA);
    }

    @Test
    void aGaleraNodeThatIsNotReadyIsAnErrorThatCountsAndRecovers() throws Exception {
        String sql = "show status like 'wsrep%'";
        Heartbeat heartbeat = heartbeat(sql, HeartbeatCheck.of(3, -1, sql));
        server.answer(sql, List.of("Variable_name", "Value"), List.of(new String[] {"wsrep_cluster_status", "Primary"},
                new String[] {"wsrep_connected", "ON"}, new String[] {"wsrep_ready", "OFF"}));

        HeartbeatStatus first = heartbeat.check().get(10, TimeUnit.SECONDS);
        HeartbeatStatus second = heartbeat.check().get(10, TimeUnit.SECONDS);
        server.answer(sql, List.of("Variable_name", "Value"), List.of(new String[] {"wsrep_cluster_status", "Primary"},
                new String[] {"wsrep_connected", "ON"}, new String[] {"wsrep_ready", "ON"}));
        HeartbeatStatus ready = heartbeat.check().get(10, TimeUnit.SECONDS);

        assertThat(first.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(first.lastError()).contains("wsrep_ready=OFF");
        assertThat(second.errorCount()).isEqualTo(2);
        assertThat(heartbeat.isOk()).isTrue();
        assertThat(ready.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(ready.errorCount()).isZero();
    }
}
