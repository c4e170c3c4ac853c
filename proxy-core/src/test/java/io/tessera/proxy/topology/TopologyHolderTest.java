package io.tessera.proxy.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.fake.Eventually;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.host.Balance;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.backend.host.Intent;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteHostSettings;
import io.tessera.backend.host.WriteType;
import io.tessera.backend.pool.ServerSettings;
import io.tessera.proxy.exec.DataNodes;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TopologyHolderTest {

    private static EventLoopGroup group;

    private FakeMysqlServer server;
    private TopologyHolder holder;

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
        server = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        if (holder != null) {
            holder.close();
        }
        server.close();
    }

    private DataHost dataHost(String name) {
        ServerSettings settings = new ServerSettings(name, "127.0.0.1", server.port(), "app", "s3cret", 0, 5, 5000,
                60_000, 3_600_000, null, 100, List.of(), 16 * 1024 * 1024);
        return new DataHost(new DataHostSettings(name, Balance.NONE, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                List.of(new WriteHostSettings(name + "M1", settings, List.of()))), group, Clock.systemUTC());
    }

    private static Topology topology(long generation, DataHost... hosts) {
        Map<String, DataHost> byName = new LinkedHashMap<>();
        for (DataHost host : hosts) {
            byName.put(host.name(), host);
        }
        return new Topology(generation, null, byName, new DataNodes(List.of()), null, null, null, null);
    }

    private static BackendConnection borrow(DataHost host) {
        return host.borrow(null, false, null, Intent.WRITE).orTimeout(5, TimeUnit.SECONDS).join();
    }

    private static boolean refusesToLend(DataHost host) {
        CompletableFuture<BackendConnection> borrowed = host.borrow(null, false, null, Intent.WRITE);
        return borrowed.isCompletedExceptionally(); // a drained pool refuses at once
    }

    @Test
    void aCommandKeepsTheTopologyItEnteredAndItsDataHostsUntilItEnds() {
        DataHost kept = dataHost("kept");
        DataHost replaced = dataHost("replaced");
        Topology first = topology(1, kept, replaced);
        holder = new TopologyHolder(first);
        Topology running = holder.enter();
        BackendConnection lent = borrow(replaced);

        Topology second = topology(2, kept, dataHost("replaced"));
        assertThat(holder.swap(second)).isSameAs(first);
        assertThat(holder.current()).isSameAs(second);
        assertThat(holder.enter()).isSameAs(second); // a new command takes the new topology
        assertThat(refusesToLend(replaced)).isFalse(); // the running command may still borrow there

        running.leave();
        assertThat(refusesToLend(replaced)).isTrue(); // drained once the last command of the old one is done
        assertThat(refusesToLend(kept)).isFalse(); // shared with the new topology: untouched
        assertThat(lent.isUsable()).isTrue(); // a lent connection stays until it comes back
        lent.release();
        Eventually.await(() -> !lent.isUsable(), () -> lent); // and closes when it does
    }

    @Test
    void aTopologyReplacedWhileIdleLetsItsDataHostsGoAtOnce() {
        DataHost replaced = dataHost("h");
        holder = new TopologyHolder(topology(1, replaced));
        holder.swap(topology(2, dataHost("h")));
        assertThat(refusesToLend(replaced)).isTrue();
    }

    @Test
    void aCommandNeverEntersATopologyThatIsDone() {
        Topology first = topology(1, dataHost("h"));
        holder = new TopologyHolder(first);
        holder.swap(topology(2, dataHost("h")));
        assertThat(first.enter()).isFalse(); // retired and done: a late reader must take the current one
        assertThat(holder.enter().generation()).isEqualTo(2);
    }
}
