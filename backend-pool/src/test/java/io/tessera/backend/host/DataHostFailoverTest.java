package io.tessera.backend.host;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.health.HeartbeatStatus;
import io.tessera.backend.pool.ServerSettings;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heartbeat failover of a data host with two write hosts, hostM1 and hostM2, on fake servers whose heartbeat runs
 * every 100 ms: a write host is stopped by closing its fake server, and comes back as a new one on the same port.
 */
class DataHostFailoverTest {

    private static final long PERIOD_MILLIS = 100;

    private static EventLoopGroup group;

    private final List<DataHost> hosts = new ArrayList<>();
    /** What the listener was told, as "host1=1", with hostM1's failures in a row at that moment. */
    private final List<String> switches = new CopyOnWriteArrayList<>();
    private FakeMysqlServer m1;
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
        m2 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        hosts.forEach(DataHost::close);
        m1.close();
        m2.close();
    }

    private static ServerSettings server(int port) {
        return new ServerSettings("host1", "127.0.0.1", port, "app", "s3cret", 0, 5, 5000, 60_000, 3_600_000,
                "select user()", PERIOD_MILLIS, List.of(), 16 * 1024 * 1024);
    }

    private DataHost dataHost(SwitchType switchType, int maxRetryCount) {
        DataHostSettings settings = new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, switchType, -1,
                List.of(new WriteHostSettings("hostM1", server(m1.port()), List.of()),
                        new WriteHostSettings("hostM2", server(m2.port()), List.of())), maxRetryCount);
        DataHost[] created = new DataHost[1];
        created[0] = new DataHost(settings, 0, (name, index) -> switches.add(name + "=" + index + " after "
                + created[0].writeHosts().get(0).heartbeat().errorCount()), group, Clock.systemUTC(),
                NioSocketChannel::new);
        hosts.add(created[0]);
        return created[0];
    }

    private static DataHost started(DataHost host) throws Exception {
        host.start().get(10, TimeUnit.SECONDS);
        await(() -> host.writeHosts().stream().allMatch(Server::isAlive), host::toString);
        return host;
    }

    private static String describe(FakeMysqlServer server) {
        return "data host host1 (127.0.0.1:" + server.port() + ")";
    }

    private static HeartbeatStatus failed(int errorCount) {
        return new HeartbeatStatus(HeartbeatStatus.Status.ERROR, 0, 0, errorCount, "refused", 0, 1000, 0, 0, 0,
                false);
    }

    @Test
    void fewerFailuresInARowThanMaxRetryCountGiveNothingUp() throws Exception {
        DataHost host = started(dataHost(SwitchType.HEARTBEAT, 3));
        WriteFailover failover = new WriteFailover(SwitchType.HEARTBEAT, 3, host.writeHosts());
        Server m1Host = host.writeHosts().get(0);

        assertThat(failover.givesUp(0, m1Host, failed(1))).isFalse();
        assertThat(failover.givesUp(0, m1Host, failed(2))).isFalse();
        assertThat(failover.givesUp(0, m1Host, failed(3))).isTrue();
        assertThat(failover.givesUp(1, m1Host, failed(3))).as("hostM1 is not the active one").isFalse();
        assertThat(new WriteFailover(SwitchType.HEARTBEAT, 0, host.writeHosts()).givesUp(0, m1Host, failed(1)))
                .as("maxRetryCount 0 acts as 1").isTrue();
        assertThat(failover.nextAlive(0)).isEqualTo(1);
        assertThat(failover.nextAlive(1)).as("wraps").isZero();
    }

    @Test
    void aWriteHostStillFailingBelowMaxRetryCountKeepsTheWrites() throws Exception {
        DataHost host = started(dataHost(SwitchType.HEARTBEAT, 1000));

        m1.close();
        await(() -> host.writeHosts().get(0).heartbeat().errorCount() >= 5, host.writeHosts().get(0)::heartbeat);

        assertThat(host.activeWriteIndex()).isZero();
        assertThat(host.serverFor(Intent.WRITE)).isSameAs(host.writeHosts().get(0));
        assertThat(switches).isEmpty();
    }

    @Test
    void afterMaxRetryCountFailuresWritesAndReadsGoToTheNextAliveWriteHost() throws Exception {
        DataHost host = started(dataHost(SwitchType.HEARTBEAT, 3));

        m1.close();
        await(() -> !switches.isEmpty(), host.writeHosts().get(0)::heartbeat);
        assertThat(host.activeWriteIndex()).isEqualTo(1);

        assertThat(switches).containsExactly("host1=1 after 3");
        assertThat(host.serverFor(Intent.WRITE)).isSameAs(host.writeHosts().get(1));
        assertThat(host.serverFor(Intent.READ)).isSameAs(host.writeHosts().get(1));
        BackendConnection write = host.borrow("db1", false, null, Intent.WRITE).get(10, TimeUnit.SECONDS);
        assertThat(write.dataHost()).isEqualTo(describe(m2));
        write.release();
    }

    @Test
    void switchTypeMinusOneNeverSwitches() throws Exception {
        DataHost host = started(dataHost(SwitchType.NEVER, 3));

        m1.close();
        await(() -> host.writeHosts().get(0).heartbeat().errorCount() >= 6, host.writeHosts().get(0)::heartbeat);

        assertThat(host.activeWriteIndex()).isZero();
        assertThat(host.serverFor(Intent.WRITE)).isSameAs(host.writeHosts().get(0));
        assertThat(switches).isEmpty();
    }

    @Test
    void noSwitchWhileNoOtherWriteHostIsAliveThenToItOnceItIs() throws Exception {
        DataHost host = started(dataHost(SwitchType.HEARTBEAT, 3));
        int m2Port = m2.port();

        m2.close();
        await(() -> !host.writeHosts().get(1).isAlive(), host.writeHosts().get(1)::heartbeat);
        m1.close();
        await(() -> host.writeHosts().get(0).heartbeat().errorCount() >= 6, host.writeHosts().get(0)::heartbeat);
        assertThat(host.activeWriteIndex()).isZero();
        assertThat(switches).isEmpty();

        m2 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret", m2Port);
        await(() -> !switches.isEmpty(), host::toString);
        assertThat(host.activeWriteIndex()).isEqualTo(1);
        assertThat(switches).hasSize(1).allMatch(s -> s.startsWith("host1=1 after "));
    }

    @Test
    void aWriteHostThatComesBackIsNotSwitchedBackTo() throws Exception {
        DataHost host = started(dataHost(SwitchType.HEARTBEAT, 3));
        int m1Port = m1.port();
        m1.close();
        await(() -> !switches.isEmpty(), host.writeHosts().get(0)::heartbeat);
        assertThat(host.activeWriteIndex()).isEqualTo(1);

        m1 = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret", m1Port);
        await(() -> host.writeHosts().get(0).isAlive(), host.writeHosts().get(0)::heartbeat);
        Thread.sleep(5 * PERIOD_MILLIS);

        assertThat(host.activeWriteIndex()).isEqualTo(1);
        assertThat(host.serverFor(Intent.WRITE)).isSameAs(host.writeHosts().get(1));
        assertThat(switches).containsExactly("host1=1 after 3");
    }

    @Test
    void galeraAndReplicationSwitchTypesSwitchOnTheHeartbeatToo() throws Exception {
        DataHost host = started(dataHost(SwitchType.GALERA, 2));

        m1.close();
        await(() -> !switches.isEmpty(), host.writeHosts().get(0)::heartbeat);
        assertThat(host.activeWriteIndex()).isEqualTo(1);

        assertThat(switches).containsExactly("host1=1 after 2");
    }
}
