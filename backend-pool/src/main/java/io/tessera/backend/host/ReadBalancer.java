package io.tessera.backend.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

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
 * On each pick a candidate counts only while its heartbeat is OK, and a read host only while its write host's is too
 * (MyCat's {@code getAllActiveRWSources}; {@code tempReadHostAvailable}, which would keep the read hosts of a dead write
 * host, is not built). Among those, MyCat's weighted random ({@code randomSelect}): when every one has the same
 * {@code weight} (0 included), each has an equal share; otherwise each has the share its weight is of their sum, so
 * that a weight of 0 then takes none. With no candidate alive the read goes to the active write host: a read never
 * fails only because the replicas are down.
 *
 * <p>Thread safety: immutable; a pick reads the servers' heartbeat states and allocates nothing.
 */
final class ReadBalancer {

    private final Server[] candidates;
    /** {@code writeHosts[i]}: the write host {@code candidates[i]} replicates, or {@code null} for a write host. */
    private final Server[] writeHosts;
    private final Server fallback;
    private final Predicate<Server> alive;

    private ReadBalancer(List<Server> candidates, List<Server> writeHosts, Server fallback, Predicate<Server> alive) {
        this.candidates = candidates.toArray(Server[]::new);
        this.writeHosts = writeHosts.toArray(Server[]::new);
        this.fallback = fallback;
        this.alive = alive;
    }

    /**
     * The balancer of a data host's {@code servers} (schema.xml order: each write host, then its read hosts), or
     * {@code null} when every read goes to the active write host anyway: balance 0, or no server but it to spread to.
     *
     * @param alive whether a server's heartbeat is OK now ({@link Server#isAlive} but in tests)
     */
    static ReadBalancer of(Balance balance, List<Server> servers, int activeWriteIndex, Predicate<Server> alive) {
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
        return new ReadBalancer(candidates, writeHostOf, active, alive);
    }

    /** The server for one read. */
    Server pick() {
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

    private boolean usable(int i) {
        return alive.test(candidates[i]) && (writeHosts[i] == null || alive.test(writeHosts[i]));
    }

    @Override
    public String toString() {
        return "ReadBalancer" + List.of(candidates);
    }
}
