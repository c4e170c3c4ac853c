package io.tessera.backend.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.health.ReplicationState;
import io.tessera.backend.pool.ServerSettings;
import java.time.Clock;
import java.util.ArrayList;
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
    /** Replication states by server name; a server not named here has not been checked. */
    private final Map<String, ReplicationState> replication = new HashMap<>();
    /** Connections lent now, by server name; 0 when not named here. */
    private final Map<String, Integer> lent = new HashMap<>();
    private final ReadBalancer.Probe probe = new ReadBalancer.Probe() {
        @Override
        public boolean alive(Server server) {
            return alive.contains(server.name());
        }

        @Override
        public ReplicationState replication(Server server) {
            return replication.getOrDefault(server.name(), ReplicationState.NOT_CHECKED);
        }

        @Override
        public int lent(Server server) {
            return lent.getOrDefault(server.name(), 0);
        }
    };
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

    private static ServerSettings server(String heartbeatSql) {
        return new ServerSettings("host1", "127.0.0.1", 3306, "app", "", 0, 5, 5000, 60_000, 3_600_000, heartbeatSql,
                100, List.of(), 16 * 1024 * 1024);
    }

    /** Weights in the order hostM1, hostS1, hostS2, hostM2, hostS3. */
    private ReadBalancer balancer(Balance balance, int... weights) {
        return balancer(balance, BalanceType.RANDOM, weights);
    }

    /** Weights in the order hostM1, hostS1, hostS2, hostM2, hostS3. */
    private ReadBalancer balancer(Balance balance, BalanceType type, int... weights) {
        return balancer(settings(balance, type, SwitchType.NEVER, -1, "", false, weights));
    }

    private ReadBalancer balancer(DataHostSettings settings) {
        host = new DataHost(settings, 0, group, Clock.systemUTC(), NioSocketChannel::new);
        return ReadBalancer.of(settings, host.servers(), 0, probe);
    }

    /** Weights in the order hostM1, hostS1, hostS2, hostM2, hostS3. */
    private static DataHostSettings settings(Balance balance, BalanceType type, SwitchType switchType,
            int slaveThreshold, String heartbeatSql, boolean tempReadHostAvailable, int... weights) {
        return new DataHostSettings("host1", balance, WriteType.ONE_NODE, switchType, slaveThreshold, List.of(
                new WriteHostSettings("hostM1", server(heartbeatSql), weights[0], List.of(
                        new ReadHostSettings("hostS1", server(heartbeatSql), weights[1]),
                        new ReadHostSettings("hostS2", server(heartbeatSql), weights[2]))),
                new WriteHostSettings("hostM2", server(heartbeatSql), weights[3], List.of(
                        new ReadHostSettings("hostS3", server(heartbeatSql), weights[4])))),
                DataHostSettings.DEFAULT_MAX_RETRY_COUNT, type, tempReadHostAvailable);
    }

    /** The servers of {@code count} picks in order, by name. */
    private static List<String> picks(ReadBalancer balancer, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(balancer.pick().name());
        }
        return names;
    }

    private static Map<String, Integer> counts(List<String> names) {
        Map<String, Integer> counts = new HashMap<>();
        names.forEach(name -> counts.merge(name, 1, Integer::sum));
        return counts;
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
        DataHostSettings settings = new DataHostSettings("host1", Balance.ALL_BACK, WriteType.ONE_NODE,
                SwitchType.NEVER, -1, List.of(new WriteHostSettings("hostM1", server(""), List.of())));
        host = new DataHost(settings, 0, group, Clock.systemUTC(), NioSocketChannel::new);

        for (Balance balance : List.of(Balance.ALL, Balance.ALL_READ)) {
            DataHostSettings other = new DataHostSettings("host1", balance, WriteType.ONE_NODE, SwitchType.NEVER, -1,
                    settings.writeHosts());
            assertThat(ReadBalancer.of(other, host.servers(), 0, probe)).isNull();
        }
        assertThat(host.serverFor(Intent.READ)).isSameAs(host.writeHosts().get(0));
    }

    @Test
    void roundRobinGivesEachServerExactlyItsWeightShareInEveryRound() {
        ReadBalancer balancer = balancer(Balance.ALL_BACK, BalanceType.ROUND_ROBIN, 100, 1, 3, 0, 4);

        List<String> picks = picks(balancer, 80);

        for (int round = 0; round < 10; round++) {
            assertThat(counts(picks.subList(round * 8, round * 8 + 8)))
                    .isEqualTo(Map.of("hostS1", 1, "hostS2", 3, "hostS3", 4));
        }
        // smooth: the heaviest never takes all of its share in one run
        assertThat(String.join(",", picks.subList(0, 8))).doesNotContain("hostS3,hostS3,hostS3");
    }

    @Test
    void roundRobinWithEqualWeightsIsPlainRoundRobin() {
        ReadBalancer balancer = balancer(Balance.ALL_READ, BalanceType.ROUND_ROBIN, 0, 0, 0, 0, 0);

        assertThat(picks(balancer, 6)).containsExactly("hostS1", "hostS2", "hostS3", "hostS1", "hostS2", "hostS3");
    }

    @Test
    void roundRobinSkipsAServerWhoseHeartbeatFailsAndFallsBackToTheActiveWriteHost() {
        ReadBalancer balancer = balancer(Balance.ALL_READ, BalanceType.ROUND_ROBIN, 0, 0, 0, 0, 0);
        alive.remove("hostS2");

        assertThat(picks(balancer, 4)).containsExactly("hostS1", "hostS3", "hostS1", "hostS3");
        alive.removeAll(Set.of("hostS1", "hostS3"));
        assertThat(picks(balancer, 2)).containsExactly("hostM1", "hostM1");
    }

    @Test
    void leastActivePicksTheServerWithFewestLentConnections() {
        ReadBalancer balancer = balancer(Balance.ALL_READ, BalanceType.LEAST_ACTIVE, 0, 0, 0, 0, 0);
        lent.putAll(Map.of("hostS1", 3, "hostS2", 1, "hostS3", 1));

        Map<String, Integer> tied = counts(picks(balancer, 10_000));
        assertThat(tied).containsOnlyKeys("hostS2", "hostS3");
        assertThat(tied.get("hostS2")).isBetween(4_500, 5_500);

        lent.put("hostS3", 0);
        assertThat(counts(picks(balancer, 100))).isEqualTo(Map.of("hostS3", 100));
        alive.remove("hostS3");
        assertThat(counts(picks(balancer, 100))).isEqualTo(Map.of("hostS2", 100));
    }

    @Test
    void leastActiveGivesNothingToWeightZeroAmongWeightedServers() {
        ReadBalancer balancer = balancer(Balance.ALL_READ, BalanceType.LEAST_ACTIVE, 0, 0, 2, 0, 1);
        lent.putAll(Map.of("hostS2", 5, "hostS3", 4));

        assertThat(counts(picks(balancer, 100))).isEqualTo(Map.of("hostS3", 100));
    }

    private static ReplicationState state(ReplicationState.Condition condition, long secondsBehind) {
        return new ReplicationState(condition, secondsBehind);
    }

    @Test
    void withSlaveThresholdOnlyReplicasInSyncAndWriteHostsThatAreNotReplicasTakeReads() {
        ReadBalancer balancer = balancer(settings(Balance.ALL_BACK, BalanceType.RANDOM, SwitchType.SLAVE_STATUS, 2,
                "show slave status", false, 0, 0, 0, 0, 0));
        replication.put("hostS1", state(ReplicationState.Condition.IN_SYNC, 1));
        replication.put("hostS2", state(ReplicationState.Condition.LAGGING, 2));
        replication.put("hostS3", state(ReplicationState.Condition.STOPPED, -1));
        replication.put("hostM2", state(ReplicationState.Condition.NOT_A_REPLICA, -1));

        assertThat(shares(balancer)).containsOnlyKeys("hostS1", "hostM2");

        replication.put("hostM2", state(ReplicationState.Condition.LAGGING, 30)); // a standby that is a replica
        replication.put("hostS1", state(ReplicationState.Condition.NOT_A_REPLICA, -1)); // a read host that is not
        assertThat(shares(balancer)).containsOnlyKeys("hostM1");

        replication.put("hostS2", state(ReplicationState.Condition.IN_SYNC, 0)); // caught up
        assertThat(shares(balancer)).containsOnlyKeys("hostS2");
    }

    @Test
    void withoutSlaveThresholdOrWithoutShowSlaveStatusLagIsNotChecked() {
        replication.put("hostS1", state(ReplicationState.Condition.STOPPED, -1));
        for (DataHostSettings settings : List.of(
                settings(Balance.ALL_READ, BalanceType.RANDOM, SwitchType.SLAVE_STATUS, -1, "show slave status",
                        false, 0, 0, 0, 0, 0),
                settings(Balance.ALL_READ, BalanceType.RANDOM, SwitchType.SLAVE_STATUS, 2, "select user()", false,
                        0, 0, 0, 0, 0),
                settings(Balance.ALL_READ, BalanceType.RANDOM, SwitchType.HEARTBEAT, 2, "show slave status", false,
                        0, 0, 0, 0, 0))) {
            assertThat(shares(balancer(settings))).containsOnlyKeys("hostS1", "hostS2", "hostS3");
            host.close();
            host = null;
        }
    }

    @Test
    void withTempReadHostAvailableTheReadHostsOfADeadWriteHostKeepTakingReads() {
        ReadBalancer balancer = balancer(settings(Balance.ALL_READ, BalanceType.ROUND_ROBIN, SwitchType.NEVER, -1,
                "", true, 0, 0, 0, 0, 0));
        alive.remove("hostM2");

        assertThat(counts(picks(balancer, 30))).isEqualTo(Map.of("hostS1", 10, "hostS2", 10, "hostS3", 10));
        alive.remove("hostS3"); // but only while their own heartbeat is OK
        assertThat(counts(picks(balancer, 30))).isEqualTo(Map.of("hostS1", 15, "hostS2", 15));
    }

    @Test
    void withTempReadHostAvailableTheLagCheckStillApplies() {
        ReadBalancer balancer = balancer(settings(Balance.ALL_READ, BalanceType.ROUND_ROBIN, SwitchType.SLAVE_STATUS,
                2, "show slave status", true, 0, 0, 0, 0, 0));
        alive.remove("hostM2");
        replication.put("hostS1", state(ReplicationState.Condition.IN_SYNC, 0));
        replication.put("hostS2", state(ReplicationState.Condition.IN_SYNC, 0));
        replication.put("hostS3", state(ReplicationState.Condition.LAGGING, 9));

        assertThat(counts(picks(balancer, 30))).isEqualTo(Map.of("hostS1", 15, "hostS2", 15));
        replication.put("hostS3", state(ReplicationState.Condition.IN_SYNC, 1));
        assertThat(counts(picks(balancer, 30))).isEqualTo(Map.of("hostS1", 10, "hostS2", 10, "hostS3", 10));
    }
}
