package io.tessera.backend.host;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.fake.LocalMariaDb;
import io.tessera.backend.fake.TcpRelay;
import io.tessera.backend.health.HeartbeatStatus;
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
import org.junit.jupiter.api.Test;

/** Data hosts against the MariaDB on 127.0.0.1:3306, each of their servers reached directly or through a relay. */
class DataHostIT {

    private static EventLoopGroup group;

    private final List<DataHost> hosts = new ArrayList<>();
    private final List<TcpRelay> relays = new ArrayList<>();

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @AfterEach
    void closeHosts() throws Exception {
        hosts.forEach(DataHost::close);
        for (TcpRelay relay : relays) {
            relay.close();
        }
    }

    private static ServerSettings server(int port, int minCon) {
        return new ServerSettings("host1", LocalMariaDb.HOST, port, LocalMariaDb.USER, "", minCon, 2, 10_000,
                600_000, 3_600_000, "select user()", 100, List.of(), 16 * 1024 * 1024);
    }

    private DataHost started(WriteHostSettings... writeHosts) throws Exception {
        DataHost host = new DataHost(new DataHostSettings("host1", Balance.NONE, WriteType.ONE_NODE,
                SwitchType.NEVER, -1, List.of(writeHosts)), group, Clock.systemUTC());
        hosts.add(host);
        host.start().get(20, TimeUnit.SECONDS);
        return host;
    }

    private TcpRelay relay() throws Exception {
        TcpRelay relay = new TcpRelay(LocalMariaDb.PORT);
        relays.add(relay);
        return relay;
    }

    @Test
    void heartbeatIsOkThenErrorWhenTheHostGoesAway() throws Exception {
        TcpRelay relay = relay();
        DataHost host = started(new WriteHostSettings("hostM1", server(relay.port(), 1), List.of()));
        Server server = host.writeHosts().get(0);

        await(() -> server.heartbeat().status() == HeartbeatStatus.Status.OK, server::heartbeat);
        assertThat(server.heartbeat().lastCheckMillis()).isPositive();

        relay.close();

        await(() -> server.heartbeat().status() == HeartbeatStatus.Status.ERROR, server::heartbeat);
        assertThat(server.heartbeat().errorCount()).isPositive();
        assertThat(server.heartbeat().status().code()).isEqualTo(-1);
        await(() -> server.pool().stats().total() == 0, server.pool()::stats);
    }

    @Test
    void heartbeatIsErrorForADeadPort() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        DataHost host = started(new WriteHostSettings("hostM1", server(deadPort, 0), List.of()));
        Server server = host.writeHosts().get(0);

        await(() -> server.heartbeat().status() == HeartbeatStatus.Status.ERROR, server::heartbeat);
        assertThat(server.heartbeat().lastError()).startsWith("cannot connect: Connection refused");
    }

    @Test
    void aReadHostAndASecondWriteHostAreConnectedToButServeNoBorrow() throws Exception {
        TcpRelay readHost = relay();
        TcpRelay secondWriteHost = relay();
        DataHost host = started(
                new WriteHostSettings("hostM1", server(LocalMariaDb.PORT, 1),
                        List.of(new ReadHostSettings("hostS1", server(readHost.port(), 1)))),
                new WriteHostSettings("hostM2", server(secondWriteHost.port(), 1), List.of()));

        for (Server server : host.servers()) { // the start waits for the active write host only
            await(() -> server.pool().stats().idle() == 1, server.pool()::stats);
            await(() -> server.heartbeat().status() == HeartbeatStatus.Status.OK, server::heartbeat);
        }
        for (Intent intent : Intent.values()) {
            BackendConnection c = host.borrow(null, false, null, intent).get(10, TimeUnit.SECONDS);
            assertThat(c.dataHost()).isEqualTo("data host host1 (127.0.0.1:3306)");
            assertThat(c.query("SELECT 1").get(10, TimeUnit.SECONDS).rows()).containsExactly(List.of("1"));
            c.release();
        }
        assertThat(host.servers()).extracting(s -> s.pool().stats().executeCount()).containsExactly(2L, 0L, 0L);
    }
}
