package io.tessera.backend.host;

import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.health.ReplicationState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks the server of a read under a {@link Balance} other than {@link Balance#NONE}, as MyCat 1.6's
 * {@code PhysicalDBPool.getRWBanlanceCon} does.
 *
 * <p>The candidates, fixed when the data host is built:
 * <ul>
 *   <li>{@link Balance#ALL_BACK} (1): the write hosts other than the active one, and every read host;</li>
 *   <li>{@link Balance#ALL} (2): every write host, the active one included, and every read host;</li>
 *   <li>{@link Balance#ALL_READ} (3): every read host.</li>
 * </ul>
 * On each pick a candidate counts only while its heartbeat is OK, and a read host only while its write host's is too,
 * unless {@code tempReadHostAvailable} keeps the read hosts of a failed write host (MyCat's
 * {@code getAllActiveRWSources}). With {@link SwitchType#SLAVE_STATUS}, a {@code slaveThreshold} and the heartbeat
 * {@code show slave status} (MyCat's {@code checkSlaveSynStatus}), a read host counts only while it is in sync and
 * below the threshold ({@link ReplicationState.Condition#IN_SYNC}), and so does a write host that reports
 * replication; one that reports none (a primary) counts as before.
 *
 * <p>Among those, {@link BalanceType} picks. Weights as in MyCat's {@code randomSelect}: when every one has the same
 * {@code weight} (0 included), each has an equal share; otherwise each has the share its weight is of their sum, so
 * that a weight of 0 then takes none. With no candidate counting, the read goes to the active write host: a read never
 * fails only because the replicas are down or behind.
 *
 * <p>Thread safety: a pick reads the servers' heartbeat states; random and least-active picks allocate nothing and
 * take no lock, round robin picks hold the balancer's lock for one pass over the candidates.
 */
final class ReadBalancer {

    /** What a pick reads of a server: {@link #LIVE} but in tests. */
    interface Probe {

        Probe LIVE = new Probe() {
            @Override
            public boolean alive(Server server) {
                return server.isAlive();
            }

            @Override
            public ReplicationState replication(Server server) {
                return server.replication();
            }

            @Override
            public int lent(Server server) {
                return server.pool().stats().active();
            }
        };

        /** Whether its heartbeat is OK now. */
        boolean alive(Server server);

        /** What its last heartbeat read of its replication. */
        ReplicationState replication(Server server);

        /** Its connections lent out now. */
        int lent(Server server);
    }

    private final Server[] candidates;
    /** {@code writeHosts[i]}: the write host {@code candidates[i]} replicates, or {@code null} for a write host. */
    private final Server[] writeHosts;
    private final Server fallback;
    private final BalanceType type;
    private final boolean tempReadHostAvailable;
    private final boolean lagCheck;
    private final Probe probe;
    /** Smooth weighted round robin: each candidate's current weight, and the usable ones of this pick; locked. */
    private final long[] current;
    private final boolean[] usableNow;

    private ReadBalancer(List<Server> candidates, List<Server> writeHosts, Server fallback, DataHostSettings settings,
            Probe probe) {
        this.candidates = candidates.toArray(Server[]::new);
        this.writeHosts = writeHosts.toArray(Server[]::new);
        this.fallback = fallback;
        this.type = settings.balanceType();
        this.tempReadHostAvailable = settings.tempReadHostAvailable();
        this.lagCheck = settings.switchType() == SwitchType.SLAVE_STATUS && settings.slaveThreshold() != -1
                && HeartbeatCheck.of(settings.switchType().code(), settings.slaveThreshold(),
                        settings.heartbeatSql()).readsReplication();
        this.probe = probe;
        this.current = new long[this.candidates.length];
        this.usableNow = new boolean[this.candidates.length];
    }

    /**
     * The balancer of a data host's {@code servers} (schema.xml order: each write host, then its read hosts), or
     * {@code null} when every read goes to the active write host anyway: balance 0, or no server but it to spread to.
     */
    static ReadBalancer of(DataHostSettings settings, List<Server> servers, int activeWriteIndex, Probe probe) {
        Balance balance = settings.balance();
        if (balance == Balance.NONE) {
            return null;
        }
        List<Server> writes = servers.stream().filter(s -> s.role() == Server.Role.WRITE).toList();
        Server active = writes.get(activeWriteIndex);
        List<Server> candidates = new ArrayList<>();
        List<Server> writeHostOf = new ArrayList<>();
        for (Server server : servers) {
            boolean take = server.role() == Server.Role.READ
                    || balance == Balance.ALL
                    || balance == Balance.ALL_BACK && server != active;
            if (take) {
                candidates.add(server);
                writeHostOf.add(server.role() == Server.Role.READ ? writes.get(server.writeHostIndex()) : null);
            }
        }
        if (candidates.isEmpty() || candidates.equals(List.of(active))) {
            return null;
        }
        return new ReadBalancer(candidates, writeHostOf, active, settings, probe);
    }

    /** The server for one read. */
    Server pick() {
        return switch (type) {
            case RANDOM -> random();
            case ROUND_ROBIN -> roundRobin();
            case LEAST_ACTIVE -> leastActive();
        };
    }

    private Server random() {
        int usable = 0;
        long total = 0;
        int firstWeight = -1;
        boolean sameWeight = true;
        for (int i = 0; i < candidates.length; i++) {
            if (usable(i)) {
                int weight = candidates[i].weight();
                usable++;
                total += weight;
                if (firstWeight < 0) {
                    firstWeight = weight;
                } else if (weight != firstWeight) {
                    sameWeight = false;
                }
            }
        }
        if (usable == 0) {
            return fallback;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (!sameWeight && total > 0) {
            long offset = random.nextLong(total);
            for (int i = 0; i < candidates.length; i++) {
                if (usable(i)) {
                    offset -= candidates[i].weight();
                    if (offset < 0) {
                        return candidates[i];
                    }
                }
            }
        } else {
            int index = random.nextInt(usable);
            for (int i = 0; i < candidates.length; i++) {
                if (usable(i) && index-- == 0) {
                    return candidates[i];
                }
            }
        }
        return fallback; // a heartbeat failed between the two passes: the write host answers this one
    }

    /**
     * nginx's smooth weighted round robin: every usable candidate's current weight grows by its weight, the largest
     * is picked and loses the sum of the weights. Over any run of picks as long as that sum, with the same candidates
     * usable, each is picked exactly its weight's number of times.
     */
    private synchronized Server roundRobin() {
        boolean sameWeight = sameWeightOfUsable();
        long total = 0;
        int best = -1;
        for (int i = 0; i < candidates.length; i++) {
            int weight = sameWeight ? 1 : candidates[i].weight();
            if (usableNow[i] && weight > 0) {
                current[i] += weight;
                total += weight;
                if (best < 0 || current[i] > current[best]) {
                    best = i;
                }
            }
        }
        if (best < 0) {
            return fallback;
        }
        current[best] -= total;
        return candidates[best];
    }

    /** Fills {@link #usableNow}; whether the usable candidates all have the same weight. Under the lock. */
    private boolean sameWeightOfUsable() {
        int firstWeight = -1;
        boolean sameWeight = true;
        for (int i = 0; i < candidates.length; i++) {
            usableNow[i] = usable(i);
            if (usableNow[i]) {
                if (firstWeight < 0) {
                    firstWeight = candidates[i].weight();
                } else if (candidates[i].weight() != firstWeight) {
                    sameWeight = false;
                }
            }
        }
        return sameWeight;
    }

    /** The usable candidate with the fewest lent connections, ties at random; weight 0 takes none among others. */
    private Server leastActive() {
        int firstWeight = -1;
        boolean sameWeight = true;
        for (int i = 0; i < candidates.length; i++) {
            if (usable(i)) {
                if (firstWeight < 0) {
                    firstWeight = candidates[i].weight();
                } else if (candidates[i].weight() != firstWeight) {
                    sameWeight = false;
                }
            }
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Server chosen = null;
        int fewest = Integer.MAX_VALUE;
        int ties = 0;
        for (int i = 0; i < candidates.length; i++) {
            if ((sameWeight || candidates[i].weight() > 0) && usable(i)) {
                int lent = probe.lent(candidates[i]);
                if (lent < fewest) {
                    fewest = lent;
                    chosen = candidates[i];
                    ties = 1;
                } else if (lent == fewest && random.nextInt(++ties) == 0) {
                    chosen = candidates[i]; // reservoir sampling: each tied candidate equally likely
                }
            }
        }
        return chosen == null ? fallback : chosen;
    }

    private boolean usable(int i) {
        Server server = candidates[i];
        if (!probe.alive(server)) {
            return false;
        }
        Server writeHost = writeHosts[i];
        if (writeHost != null && !tempReadHostAvailable && !probe.alive(writeHost)) {
            return false;
        }
        if (!lagCheck) {
            return true;
        }
        ReplicationState.Condition condition = probe.replication(server).condition();
        // A read host must prove it is in sync; a write host that reports no replication is a primary.
        return condition == ReplicationState.Condition.IN_SYNC
                || writeHost == null && !condition.replicates();
    }

    @Override
    public String toString() {
        return "ReadBalancer" + List.of(candidates) + "[" + type + "]";
    }
}
