package io.tessera.backend.host;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.health.HeartbeatStatus;
import io.tessera.backend.pool.PoolStats;
import io.tessera.backend.pool.ServerPool;
import io.tessera.backend.pool.ServerSettings;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A data host of three fake servers, as schema.xml writes it: write host hostM1 with its read host hostS1, then write
 * host hostM2.
 */
class DataHostTest {

    private static EventLoopGroup group;

    private final List<DataHost> hosts = new ArrayList<>();
    private FakeMysqlServer m1;
    private FakeMysqlServer s1;
    private FakeMysqlServer m2;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @BeforeEach
    void startServers() throws InterruptedException {
        m1 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
        s1 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
        m2 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        hosts.forEach(DataHost::close);
        m1.close();
        s1.close();
        m2.close();
    }

    private static ServerSettings server(int port, int minCon, String heartbeatSql) {
        return new ServerSettings("host1", "127.0.0.1", port, "app", "s3cret", minCon, 5, 5000, 60_000,
                3_600_000, heartbeatSql, 100, List.of(), 16 * 1024 * 1024);
    }

    private static DataHostSettings settings(int m1Port, int s1Port, int m2Port, int minCon, String heartbeatSql) {
        return settings(Balance.ALL, m1Port, s1Port, m2Port, minCon, heartbeatSql);
    }

    private static DataHostSettings settings(Balance balance, int m1Port, int s1Port, int m2Port, int minCon,
            String heartbeatSql) {
        return new DataHostSettings("host1", balance, WriteType.ONE_NODE, SwitchType.HEARTBEAT, -1, List.of(
                new WriteHostSettings("hostM1", server(m1Port, minCon, heartbeatSql),
                        List.of(new ReadHostSettings("hostS1", server(s1Port, minCon, heartbeatSql)))),
                new WriteHostSettings("hostM2", server(m2Port, minCon, heartbeatSql), List.of())));
    }

    private DataHost dataHost(int minCon, String heartbeatSql) {
        return dataHost(settings(m1.port(), s1.port(), m2.port(), minCon, heartbeatSql), 0);
    }

    private DataHost dataHost(DataHostSettings settings, int activeWriteIndex) {
        DataHost host = new DataHost(settings, activeWriteIndex, group, Clock.systemUTC(), NioSocketChannel::new);
        hosts.add(host);
        return host;
    }

    private static String describe(FakeMysqlServer server) {
        return "data host host1 (127.0.0.1:" + server.port() + ")";
    }

    @Test
    void listsItsServersInConfigurationOrder() {
        DataHost host = dataHost(0, "");

        assertThat(host.servers()).extracting(s -> s.name() + " " + s.role() + " of " + s.writeHostIndex())
                .containsExactly("hostM1 WRITE of 0", "hostS1 READ of 0", "hostM2 WRITE of 1");
        assertThat(host.writeHosts()).extracting(Server::name).containsExactly("hostM1", "hostM2");
        assertThat(host.activeWriteIndex()).isZero();
        assertThat(host.servers()).extracting(Server::describe)
                .containsExactly(describe(m1), describe(s1), describe(m2));
    }

    @Test
    void withoutHeartbeatEveryBorrowGoesToTheActiveWriteHost() throws Exception {
        DataHost host = dataHost(0, "");
        host.start().get(10, TimeUnit.SECONDS);

        BackendConnection read = host.borrow("db1", false, null, Intent.READ).get(10, TimeUnit.SECONDS);
        BackendConnection write = host.borrow("db1", false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);

        assertThat(read.dataHost()).isEqualTo(describe(m1));
        assertThat(write.dataHost()).isEqualTo(describe(m1));
        assertThat(read.database()).isEqualTo("db1");
        assertThat(host.serverFor(Intent.READ)).isSameAs(host.writeHosts().get(0));
        assertThat(host.serverFor(Intent.WRITE)).isSameAs(host.writeHosts().get(0));
        assertThat(m1.openConnections()).isEqualTo(2);
        assertThat(s1.openConnections()).isZero();
        assertThat(m2.openConnections()).isZero();
        read.release();
        write.release();
        await(() -> host.writeHosts().get(0).pool().stats().idle() == 2, host.writeHosts().get(0).pool()::stats);
    }

    @Test
    void readsGoToALiveReadHostAndBackToTheWriteHostWhenItsHeartbeatFails() throws Exception {
        DataHost host = dataHost(settings(Balance.ALL_READ, m1.port(), s1.port(), m2.port(), 0, "select user()"), 0);
        host.start().get(10, TimeUnit.SECONDS);
        Server readHost = host.servers().get(1);
        await(() -> readHost.isAlive() && host.writeHosts().get(0).isAlive(), readHost::heartbeat);

        for (int i = 0; i < 20; i++) {
            BackendConnection read = host.borrow("db1", false, null, Intent.READ).get(10, TimeUnit.SECONDS);
            BackendConnection write = host.borrow("db1", false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);
            assertThat(read.dataHost()).isEqualTo(describe(s1));
            assertThat(write.dataHost()).isEqualTo(describe(m1));
            read.release();
            write.release();
        }

        s1.close();
        await(() -> !readHost.isAlive(), readHost::heartbeat);
        BackendConnection read = host.borrow("db1", false, null, Intent.READ).get(10, TimeUnit.SECONDS);
        assertThat(read.dataHost()).isEqualTo(describe(m1));
        read.release();
    }

    @Test
    void aConnectionBesideALentOneIsOfTheSameServer() throws Exception {
        DataHost host = dataHost(settings(Balance.ALL_READ, m1.port(), s1.port(), m2.port(), 0, "select user()"), 0);
        host.start().get(10, TimeUnit.SECONDS);
        await(() -> host.servers().get(1).isAlive() && host.writeHosts().get(0).isAlive(),
                host.servers().get(1)::heartbeat);
        BackendConnection read = host.borrow("db1", false, null, Intent.READ).get(10, TimeUnit.SECONDS);

        BackendConnection beside = host.borrowBeside(read).get(10, TimeUnit.SECONDS);

        assertThat(beside.dataHost()).isEqualTo(describe(s1));
        assertThat(beside.database()).isEqualTo("db1");
        assertThat(beside.connectionId()).isNotEqualTo(read.connectionId());
        read.release();
        beside.release();
    }

    @Test
    void borrowsGoToTheWriteHostOfTheActiveIndex() throws Exception {
        DataHost host = dataHost(settings(m1.port(), s1.port(), m2.port(), 0, ""), 1);

        BackendConnection read = host.borrow(null, false, null, Intent.READ).get(10, TimeUnit.SECONDS);

        assertThat(read.dataHost()).isEqualTo(describe(m2));
        assertThat(host.activeWriteIndex()).isEqualTo(1);
        assertThat(host.serverFor(Intent.WRITE).name()).isEqualTo("hostM2");
        read.release();
    }

    @Test
    void everyServerGetsItsPoolAndHeartbeat() throws Exception {
        DataHost host = dataHost(2, "select user()");
        for (Server server : host.servers()) {
            assertThat(server.heartbeat().status()).isEqualTo(HeartbeatStatus.Status.INIT);
        }

        host.start().get(10, TimeUnit.SECONDS);
        // the start waits for the active write host; the standby and the read host open theirs meanwhile
        assertThat(host.servers().get(0).pool().stats()).isEqualTo(new PoolStats(0, 2, 2, 0, 5, 2, 0, 2, 0));

        for (Server server : host.servers()) {
            await(() -> server.pool().stats().equals(new PoolStats(0, 2, 2, 0, 5, 2, 0, 2, 0)), server.pool()::stats);
            assertThat(server.hasHeartbeat()).isTrue();
            await(() -> server.heartbeat().status() == HeartbeatStatus.Status.OK, server::heartbeat);
        }
        for (FakeMysqlServer server : List.of(m1, s1, m2)) {
            assertThat(server.openConnections()).isEqualTo(3); // minCon 2, and the heartbeat's own
            assertThat(server.log()).contains("QUERY select user()");
        }
    }

    @Test
    void withoutHeartbeatSqlNoHeartbeatRuns() throws Exception {
        DataHost host = dataHost(1, "");

        host.start().get(10, TimeUnit.SECONDS);

        for (Server server : host.servers()) {
            assertThat(server.hasHeartbeat()).isFalse();
            assertThat(server.heartbeat()).isEqualTo(HeartbeatStatus.initial(30_000));
        }
        assertThat(m1.openConnections()).isEqualTo(1);
        await(() -> s1.openConnections() == 1 && m2.openConnections() == 1,
                () -> s1.openConnections() + ", " + m2.openConnections());
    }

    @Test
    void aServerThatCannotBeReachedDoesNotFailTheStart() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        DataHost host = dataHost(settings(m1.port(), deadPort, m2.port(), 1, "select user()"), 0);

        host.start().get(10, TimeUnit.SECONDS);

        Server readHost = host.servers().get(1);
        await(() -> readHost.heartbeat().status() == HeartbeatStatus.Status.ERROR, readHost::heartbeat);
        // no connection of it is open (its stats count a retry to reach minCon that may be under way right now)
        assertThat(((ServerPool) readHost.pool()).connections()).isEmpty();
        assertThat(host.writeHosts().get(0).pool().stats().idle()).isEqualTo(1);
        assertThat(host.borrow(null, false, null, Intent.READ).get(10, TimeUnit.SECONDS).isUsable()).isTrue();
    }

    @Test
    void closingClosesEveryServer() throws Exception {
        DataHost host = dataHost(1, "select user()");
        host.start().get(10, TimeUnit.SECONDS);
        BackendConnection lent = host.borrow(null, false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);
        for (Server server : host.servers()) {
            await(() -> server.heartbeat().status() == HeartbeatStatus.Status.OK, server::heartbeat);
        }

        host.close();

        await(() -> m1.openConnections() + s1.openConnections() + m2.openConnections() == 0,
                () -> m1.openConnections() + "/" + s1.openConnections() + "/" + m2.openConnections());
        assertThat(lent.isUsable()).isFalse();
        assertThatThrownBy(() -> host.borrow(null, false, null, Intent.WRITE).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(BackendException.class)
                .hasMessage(describe(m1) + ": pool closed");
    }

    @Test
    void settingsAreCheckedWhole() {
        ServerSettings server = server(3306, 0, "");
        List<ReadHostSettings> none = List.of();

        assertThatThrownBy(() -> new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                List.of())).hasMessage("writeHosts: [] (expected: at least one)");
        assertThatThrownBy(() -> new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                List.of(new WriteHostSettings("hostM1", server, none), new WriteHostSettings("hostM1", server, none))))
                .hasMessage("writeHosts: 'hostM1' twice (expected: unique names)");
        assertThatThrownBy(() -> new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, SwitchType.NEVER, -2,
                List.of(new WriteHostSettings("hostM1", server, none))))
                .hasMessage("slaveThreshold: -2 (expected: >= -1)");
        DataHostSettings one = new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                List.of(new WriteHostSettings("hostM1", server, none)));
        assertThatThrownBy(() -> dataHost(one, 1)).hasMessage("activeWriteIndex: 1 (expected: 0..0)");
    }
}
