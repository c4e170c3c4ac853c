package io.tessera.backend.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.pool.ServerSettings;
import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server a read goes to, with heartbeat states set by the test: write host hostM1 (active) with read hosts hostS1
 * and hostS2, then write host hostM2 with read host hostS3. Nothing connects: the data host is never started.
 */
class ReadBalancerTest {

    private static final int PICKS = 100_000;

    private static EventLoopGroup group;

    private final Set<String> alive = new HashSet<>(Set.of("hostM1", "hostS1", "hostS2", "hostM2", "hostS3"));
    private DataHost host;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @AfterEach
    void closeHost() {
        if (host != null) {
            host.close();
        }
    }

    private static ServerSettings server() {
        return new ServerSettings("host1", "127.0.0.1", 3306, "app", "", 0, 5, 5000, 60_000, 3_600_000, "", 100,
                List.of(), 16 * 1024 * 1024);
    }

    /** Weights in the order hostM1, hostS1, hostS2, hostM2, hostS3. */
    private ReadBalancer balancer(Balance balance, int... weights) {
        host = new DataHost(new DataHostSettings("host1", balance, WriteType.ONE_NODE, SwitchType.NEVER, -1, List.of(
                new WriteHostSettings("hostM1", server(), weights[0], List.of(
                        new ReadHostSettings("hostS1", server(), weights[1]),
                        new ReadHostSettings("hostS2", server(), weights[2]))),
                new WriteHostSettings("hostM2", server(), weights[3], List.of(
                        new ReadHostSettings("hostS3", server(), weights[4]))))),
                0, group, Clock.systemUTC(), NioSocketChannel::new);
        return ReadBalancer.of(balance, host.servers(), 0, server -> alive.contains(server.name()));
    }

    /** The share of {@link #PICKS} reads each server got, by name. */
    private static Map<String, Double> shares(ReadBalancer balancer) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < PICKS; i++) {
            counts.merge(balancer.pick().name(), 1, Integer::sum);
        }
        Map<String, Double> shares = new HashMap<>();
        counts.forEach((name, count) -> shares.put(name, (double) count / PICKS));
        return shares;
    }

    @Test
    void balanceZeroNeedsNoBalancer() {
        assertThat(balancer(Balance.NONE, 0, 0, 0, 0, 0)).isNull();
    }

    @Test
    void balanceOneSpreadsOverReadHostsAndStandbyWriteHostsEqually() {
        Map<String, Double> shares = shares(balancer(Balance.ALL_BACK, 0, 0, 0, 0, 0));

        assertThat(shares).containsOnlyKeys("hostS1", "hostS2", "hostM2", "hostS3");
        shares.values().forEach(share -> assertThat(share).isCloseTo(0.25, within(0.01)));
    }

    @Test
    void balanceTwoTakesTheActiveWriteHostToo() {
        Map<String, Double> shares = shares(balancer(Balance.ALL, 0, 0, 0, 0, 0));

        assertThat(shares).containsOnlyKeys("hostM1", "hostS1", "hostS2", "hostM2", "hostS3");
        shares.values().forEach(share -> assertThat(share).isCloseTo(0.2, within(0.01)));
    }

    @Test
    void balanceThreeTakesReadHostsOnly() {
        Map<String, Double> shares = shares(balancer(Balance.ALL_READ, 0, 0, 0, 0, 0));

        assertThat(shares).containsOnlyKeys("hostS1", "hostS2", "hostS3");
        shares.values().forEach(share -> assertThat(share).isCloseTo(1 / 3.0, within(0.01)));
    }

    @Test
    void unequalWeightsShareByWeightAndZeroThenTakesNone() {
        Map<String, Double> shares = shares(balancer(Balance.ALL_BACK, 100, 1, 3, 0, 4));

        assertThat(shares).containsOnlyKeys("hostS1", "hostS2", "hostS3");
        assertThat(shares.get("hostS1")).isCloseTo(1 / 8.0, within(0.01));
        assertThat(shares.get("hostS2")).isCloseTo(3 / 8.0, within(0.01));
        assertThat(shares.get("hostS3")).isCloseTo(4 / 8.0, within(0.01));
    }

    @Test
    void equalWeightsOtherThanZeroShareEqually() {
        Map<String, Double> shares = shares(balancer(Balance.ALL_READ, 7, 5, 5, 9, 5));

        shares.values().forEach(share -> assertThat(share).isCloseTo(1 / 3.0, within(0.01)));
    }

    @Test
    void aServerWhoseHeartbeatFailsTakesNoRead() {
        ReadBalancer balancer = balancer(Balance.ALL_BACK, 0, 1, 3, 0, 4);
        alive.remove("hostS2");

        Map<String, Double> shares = shares(balancer);

        assertThat(shares).containsOnlyKeys("hostS1", "hostS3");
        assertThat(shares.get("hostS1")).isCloseTo(1 / 5.0, within(0.01));
    }

    @Test
    void theReadHostsOfADeadWriteHostTakeNoRead() {
        ReadBalancer balancer = balancer(Balance.ALL_READ, 0, 0, 0, 0, 0);
        alive.remove("hostM2");

        assertThat(shares(balancer)).containsOnlyKeys("hostS1", "hostS2");
    }

    @Test
    void withEveryReadHostDownReadsGoToTheActiveWriteHost() {
        ReadBalancer balancer = balancer(Balance.ALL_BACK, 0, 0, 0, 0, 0);
        alive.removeAll(Set.of("hostS1", "hostS2", "hostM2", "hostS3"));

        assertThat(shares(balancer)).containsOnlyKeys("hostM1");
        alive.add("hostS2");
        assertThat(shares(balancer)).containsOnlyKeys("hostS2");
    }

    @Test
    void beforeAnyHeartbeatReadsGoToTheActiveWriteHost() {
        ReadBalancer balancer = balancer(Balance.ALL, 0, 0, 0, 0, 0);
        alive.clear();

        assertThat(shares(balancer)).containsOnlyKeys("hostM1");
    }

    @Test
    void writesAlwaysGoToTheActiveWriteHost() {
        balancer(Balance.ALL_READ, 0, 0, 0, 0, 0);

        for (int i = 0; i < 1000; i++) {
            assertThat(host.serverFor(Intent.WRITE).name()).isEqualTo("hostM1");
        }
    }

    @Test
    void nothingToSpreadToNeedsNoBalancer() {
        host = new DataHost(new DataHostSettings("host1", Balance.ALL_BACK, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                List.of(new WriteHostSettings("hostM1", server(), List.of()))), 0, group, Clock.systemUTC(),
                NioSocketChannel::new);

        assertThat(ReadBalancer.of(Balance.ALL, host.servers(), 0, server -> true)).isNull();
        assertThat(ReadBalancer.of(Balance.ALL_READ, host.servers(), 0, server -> true)).isNull();
        assertThat(host.serverFor(Intent.READ)).isSameAs(host.writeHosts().get(0));
    }
}
