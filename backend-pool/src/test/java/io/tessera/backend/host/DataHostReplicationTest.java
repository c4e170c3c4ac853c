package io.tessera.backend.host;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.health.ReplicationState;
import io.tessera.backend.pool.ServerSettings;
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
 * Heartbeats that read replication and Galera state, through a whole data host on fake servers whose answers the
 * test scripts, every 50 ms: where reads go (switchType 2, slaveThreshold 2) and when writes move (switchType 3).
 */
class DataHostReplicationTest {

    private static final long PERIOD_MILLIS = 50;
    private static final String SLAVE_STATUS = "show slave status";
    private static final String WSREP = "show status like 'wsrep%'";
    private static final List<String> SLAVE_COLUMNS = List.of("Slave_IO_Running", "Slave_SQL_Running",
            "Seconds_Behind_Master");

    private static EventLoopGroup group;

    private final List<DataHost> hosts = new ArrayList<>();
    private FakeMysqlServer first;
    private FakeMysqlServer second;

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
        first = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
        second = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        hosts.forEach(DataHost::close);
        first.close();
        second.close();
    }

    private static ServerSettings server(int port, String heartbeatSql) {
        return new ServerSettings("host1", "127.0.0.1", port, "app", "s3cret", 0, 5, 5000, 60_000, 3_600_000,
                heartbeatSql, PERIOD_MILLIS, List.of(), 16 * 1024 * 1024);
    }

    private DataHost started(DataHostSettings settings) throws Exception {
        DataHost host = new DataHost(settings, 0, group, Clock.systemUTC(), NioSocketChannel::new);
        hosts.add(host);
        host.start().get(10, TimeUnit.SECONDS);
        return host;
    }

    private static void replica(FakeMysqlServer server, String io, String sql, String behind) {
        server.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.<String[]>of(new String[] {io, sql, behind}));
    }

    private static void awaitReadsOn(DataHost host, String name) {
        await(() -> host.serverFor(Intent.READ).name().equals(name) && readsOnlyOn(host, name), host::toString);
    }

    private static boolean readsOnlyOn(DataHost host, String name) {
        for (int i = 0; i < 50; i++) {
            if (!host.serverFor(Intent.READ).name().equals(name)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aReplicaTakesReadsOnlyWhileInSyncAndBelowTheThreshold() throws Exception {
        first.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.of()); // the primary
        replica(second, "Yes", "Yes", "0");
        DataHost host = started(new DataHostSettings("host1", Balance.ALL_BACK, WriteType.ONE_NODE,
                SwitchType.SLAVE_STATUS, 2, List.of(new WriteHostSettings("hostM1", server(first.port(), SLAVE_STATUS),
                        List.of(new ReadHostSettings("hostS1", server(second.port(), SLAVE_STATUS)))))));
        Server replica = host.servers().get(1);

        awaitReadsOn(host, "hostS1");
        assertThat(replica.heartbeat().replication()).isEqualTo(
                new ReplicationState(ReplicationState.Condition.IN_SYNC, 0));

        replica(second, "Yes", "Yes", "2"); // at the threshold: MyCat's strict <
        awaitReadsOn(host, "hostM1");
        assertThat(replica.isAlive()).isTrue();
        replica(second, "Yes", "Yes", "1");
        awaitReadsOn(host, "hostS1");

        replica(second, "Yes", "No", null);
        awaitReadsOn(host, "hostM1");
        replica(second, "Yes", "Yes", "0");
        awaitReadsOn(host, "hostS1");

        second.close(); // unreachable
        awaitReadsOn(host, "hostM1");
        assertThat(host.serverFor(Intent.WRITE).name()).isEqualTo("hostM1");
    }

    private DataHost twoWriteHosts(SwitchType switchType, String heartbeatSql) throws Exception {
        return started(new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, switchType, -1,
                List.of(new WriteHostSettings("hostM1", server(first.port(), heartbeatSql), List.of()),
                        new WriteHostSettings("hostM2", server(second.port(), heartbeatSql), List.of())), 2));
    }

    /** Waits for {@code count} more heartbeats of {@code server}. */
    private static void awaitHeartbeats(Server server, int count) {
        long until = server.heartbeat().lastCheckMillis() + count * PERIOD_MILLIS;
        await(() -> server.heartbeat().lastCheckMillis() >= until, server::toString);
    }

    @Test
    void withSwitchTypeTwoWritesMoveOnlyToAStandbyThatHadCaughtUp() throws Exception {
        first.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.of());
        replica(second, "Yes", "Yes", "5"); // a standby that replicates hostM1, 5 s behind
        DataHost host = twoWriteHosts(SwitchType.SLAVE_STATUS, SLAVE_STATUS);
        Server standby = host.writeHosts().get(1);
        await(() -> host.servers().stream().allMatch(Server::isAlive), host::toString);

        first.close();
        await(() -> host.writeHosts().get(0).heartbeat().errorCount() >= 2, host::toString);
        awaitHeartbeats(host.writeHosts().get(0), 3);
        assertThat(host.activeWriteIndex()).as("the standby was behind: writes stay").isZero();

        replica(second, "Yes", "Yes", "0"); // it caught up, and then lost its primary
        await(() -> standby.replication().lastRunningLag() == 0, host::toString);
        replica(second, "Connecting", "Yes", null);
        await(() -> host.activeWriteIndex() == 1, host::toString);
        assertThat(host.serverFor(Intent.WRITE).name()).isEqualTo("hostM2");
    }

    @Test
    void withSwitchTypeTwoAStandbyThatNeverReplicatedIsNotSwitchedTo() throws Exception {
        first.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.of());
        second.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.of());
        DataHost host = twoWriteHosts(SwitchType.SLAVE_STATUS, SLAVE_STATUS);
        await(() -> host.servers().stream().allMatch(Server::isAlive), host::toString);

        first.close();
        await(() -> host.writeHosts().get(0).heartbeat().errorCount() >= 2, host::toString);
        awaitHeartbeats(host.writeHosts().get(0), 3);

        assertThat(host.activeWriteIndex()).isZero();
    }

    @Test
    void switchTypeOneOrAnotherHeartbeatDoesNotAskTheStandbyToHaveCaughtUp() throws Exception {
        first.answer(SLAVE_STATUS, SLAVE_COLUMNS, List.of());
        replica(second, "Yes", "Yes", "5");
        DataHost heartbeatOnly = twoWriteHosts(SwitchType.HEARTBEAT, SLAVE_STATUS);
        await(() -> heartbeatOnly.servers().stream().allMatch(Server::isAlive), heartbeatOnly::toString);

        first.close();

        await(() -> heartbeatOnly.activeWriteIndex() == 1, heartbeatOnly::toString);
        DataHost plain = twoWriteHosts(SwitchType.SLAVE_STATUS, "select user()");
        await(() -> plain.writeHosts().get(1).isAlive(), plain::toString);
        await(() -> plain.activeWriteIndex() == 1, plain::toString);
    }

    @Test
    void galeraWritesMoveOffANodeThatLeavesThePrimaryComponent() throws Exception {
        List<String> columns = List.of("Variable_name", "Value");
        List<String[]> ready = List.of(new String[] {"wsrep_cluster_status", "Primary"},
                new String[] {"wsrep_connected", "ON"}, new String[] {"wsrep_ready", "ON"},
                new String[] {"wsrep_local_state_comment", "Synced"});
        first.answer(WSREP, columns, ready);
        second.answer(WSREP, columns, ready);
        DataHost host = started(new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE, SwitchType.GALERA, -1,
                List.of(new WriteHostSettings("hostM1", server(first.port(), WSREP), List.of()),
                        new WriteHostSettings("hostM2", server(second.port(), WSREP), List.of())), 2));
        await(() -> host.servers().stream().allMatch(Server::isAlive), host::toString);

        first.answer(WSREP, columns, List.of(new String[] {"wsrep_cluster_status", "non-Primary"},
                new String[] {"wsrep_connected", "ON"}, new String[] {"wsrep_ready", "OFF"}));

        await(() -> host.activeWriteIndex() == 1, host::toString);
        Server m1 = host.writeHosts().get(0);
        assertThat(m1.isAlive()).isFalse();
        assertThat(m1.heartbeat().lastError()).contains("wsrep_cluster_status=non-Primary");
        assertThat(host.serverFor(Intent.WRITE).name()).isEqualTo("hostM2");
    }
}
