package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import io.tessera.proxy.it.ShardWriters.Insert;
import io.tessera.proxy.it.ShardWriters.Pair;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Faults under load (issue 18): 64 clients insert unique ids into {@code writes}, sharded by id mod 2 over two real
 * MariaDB servers (it/conf/chaos-two-hosts: even ids on dn1, odd ids on dn2), 48 with autocommit and 16 in
 * transactions that span both nodes. In the middle of the run dn2's server is killed with SIGKILL, the clients go on
 * for a while, and it is started again on its data; Tessera is never restarted. Checked: dn1 is served throughout
 * (no failed insert, no long gap); every statement for dn2 meanwhile gets an ERR naming it, none hangs; dn2 is served
 * again within a second of accepting connections; every acknowledged row is there exactly once, on each server and
 * through Tessera; each failed transaction left what its ERR says (sessions.md: COMMIT across data nodes); and once
 * the clients are done no connection is lent, every pooled one is open on its server and the servers have no other
 * but the heartbeats'. Default heartbeat period (10 s): recovery must not wait for a heartbeat.
 *
 * <p>Scaled for CI: 3 s of writes before the kill, 4 s with dn2 down, 3 s after (some 15,000 rows), about 20 s in
 * all with the checks; {@code -Dtessera.chaos.long=true} runs each phase ten times longer.
 */
@Tag("integration")
class WritersChaosIT {

    private static final Logger LOG = LogManager.getLogger(WritersChaosIT.class);

    private static final int CLIENTS = 64;
    private static final long PHASE_MILLIS = Boolean.getBoolean("tessera.chaos.long") ? 30_000 : 3_000;
    private static final long OUTAGE_MILLIS = PHASE_MILLIS * 4 / 3;
    /** Longest time dn1 may go without an acknowledged insert, the kill included. */
    private static final long MAX_GAP_MILLIS = 1_000;
    /** Longest time from dn2's server accepting connections again to the first insert Tessera routes there. */
    private static final long MAX_RECOVERY_MILLIS = 1_000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/chaos-two-hosts").withExtraHosts(2);

    @Test
    void aKilledShardFailsClearlyWhileTheOtherIsServedAndNothingAcknowledgedIsLost() throws Exception {
        String database = tessera.database("db1");
        EmbeddedMariaDb dn1 = tessera.extraHost(2);
        EmbeddedMariaDb dn2 = tessera.extraHost(3);
        for (EmbeddedMariaDb host : List.of(dn1, dn2)) {
            host.execute(database, "CREATE TABLE writes (id BIGINT PRIMARY KEY);");
        }

        List<Map<String, String>> before = PoolLeaks.awaitNoneLentOrLeaked(tessera, List.of(dn1, dn2));
        ShardWriters writers = ShardWriters.start(tessera.jdbcUrl("TESTDB"), CLIENTS);
        long killed;
        long restarting;
        long accepting;
        List<String> hung;
        try {
            Thread.sleep(PHASE_MILLIS);
            dn2.kill();
            killed = System.nanoTime();
            Thread.sleep(OUTAGE_MILLIS);
            CompletableFuture<Long> firstLogin = firstLogin(dn2);
            restarting = System.nanoTime();
            dn2.restart(); // returns a little after the server first accepts connections
            long restarted = System.nanoTime();
            accepting = firstLogin.get(30, TimeUnit.SECONDS);
            LOG.warn("WritersChaosIT: dn2's server took {} ms to start again; a client first got in after {} ms",
                    TimeUnit.NANOSECONDS.toMillis(restarted - restarting),
                    TimeUnit.NANOSECONDS.toMillis(accepting - restarting));
            Thread.sleep(PHASE_MILLIS);
        } finally {
            hung = writers.stop(ShardWriters.SOCKET_TIMEOUT_MILLIS + 5_000);
        }
        assertThat(hung).as("clients still waiting for an answer").isEmpty();
        assertThat(writers.broken()).as("failures that were not an ERR (a timeout, a lost client connection)")
                .isEmpty();

        List<Insert> inserts = new ArrayList<>(writers.inserts());
        List<Pair> pairs = new ArrayList<>(writers.pairs());
        checkDn1ServedThroughout(inserts, pairs, killed, restarting);
        checkDn2FailedClearlyWhileDown(inserts, killed, restarting, dn2.port());
        long recoveryMillis = recoveryMillis(inserts, restarting, accepting);
        LOG.warn("WritersChaosIT: dn2 served again {} ms after its server accepted connections (bound {} ms)",
                recoveryMillis, MAX_RECOVERY_MILLIS);
        assertThat(recoveryMillis).isLessThan(MAX_RECOVERY_MILLIS);

        ShardRows rows = ShardRows.of(ids(dn1, database), ids(dn2, database), idsThroughTessera());
        rows.checkAutocommit(inserts);
        rows.checkTransactions(pairs);
        rows.checkNoOtherRows();
        LOG.warn("WritersChaosIT: {}", rows.summary());
        assertThat(rows.lost()).as("acknowledged rows missing").isEmpty();
        assertThat(rows.duplicated()).as("acknowledged rows present more than once or on the wrong node").isEmpty();
        assertThat(rows.unexplained()).as("rows or transactions not as their clients were told").isEmpty();

        List<Map<String, String>> after = PoolLeaks.awaitNoneLentOrLeaked(tessera, List.of(dn1, dn2));
        LOG.warn("WritersChaosIT: pools before the run {}, after it {}", before, after);
        rows.checkTesseraAnswers(tessera);
    }

    /** Every autocommit insert for dn1 succeeded, and dn1 never went long without one. */
    private static void checkDn1ServedThroughout(List<Insert> inserts, List<Pair> pairs, long killed, long restarted) {
        List<Insert> dn1 = inserts.stream().filter(i -> i.id() % 2 == 0).toList();
        assertThat(dn1.stream().filter(i -> i.error() != null)).as("failed inserts for dn1").isEmpty();
        long[] acks = dn1.stream().mapToLong(Insert::answeredNanos).sorted().toArray();
        long longestGap = 0;
        for (int i = 1; i < acks.length; i++) {
            longestGap = Math.max(longestGap, acks[i] - acks[i - 1]);
        }
        long duringOutage = dn1.stream().filter(i -> i.answeredNanos() > killed && i.answeredNanos() < restarted)
                .count();
        double outageSeconds = (restarted - killed) / 1e9;
        LOG.warn("WritersChaosIT: dn1 took {} autocommit inserts in all, {} in the {} s dn2 was down ({} per s);"
                + " longest gap between two: {} ms; {} transactions committed, {} failed",
                dn1.size(), duringOutage, String.format("%.1f", outageSeconds),
                Math.round(duringOutage / outageSeconds), TimeUnit.NANOSECONDS.toMillis(longestGap),
                pairs.stream().filter(p -> p.error() == null).count(),
                pairs.stream().filter(p -> p.error() != null).count());
        assertThat(duringOutage).as("dn1 inserts while dn2 was down").isGreaterThan(0);
        assertThat(TimeUnit.NANOSECONDS.toMillis(longestGap)).as("longest gap between dn1 inserts (ms)")
                .isLessThan(MAX_GAP_MILLIS);
    }

    /** While dn2's server was down, every insert for it got an ERR naming dn2, with a code and SQLSTATE. */
    private static void checkDn2FailedClearlyWhileDown(List<Insert> inserts, long killed, long restarted, int port) {
        List<Insert> dn2 = inserts.stream().filter(i -> i.id() % 2 == 1).toList();
        Map<String, Integer> errors = new TreeMap<>();
        for (Insert insert : dn2) {
            if (insert.error() != null) {
                errors.merge(describe(insert.error()), 1, Integer::sum);
            }
        }
        LOG.warn("WritersChaosIT: autocommit inserts for dn2: {} acknowledged, {} failed: {}",
                dn2.stream().filter(i -> i.error() == null).count(), dn2.stream().filter(i -> i.error() != null)
                        .count(), errors);
        List<Insert> whileDown = dn2.stream().filter(i -> i.sentNanos() > killed && i.answeredNanos() < restarted)
                .toList();
        assertThat(whileDown).as("inserts for dn2 sent and answered while it was down").isNotEmpty()
                .allMatch(i -> i.error() != null);
        List<SQLException> failures = dn2.stream().map(Insert::error).filter(e -> e != null).toList();
        assertThat(failures).allSatisfy(e -> {
            assertThat(e.getErrorCode()).isEqualTo(1105);
            assertThat(e.getSQLState()).isEqualTo("HY000");
            assertThat(e.getMessage()).contains("data node dn2", "127.0.0.1:" + port);
        });
    }

    /**
     * From {@code accepting} to the first insert for dn2 acknowledged after {@code restarting}; 0 if Tessera got in
     * before the probe of {@link #firstLogin} did.
     */
    private static long recoveryMillis(List<Insert> inserts, long restarting, long accepting) {
        long first = inserts.stream().filter(i -> i.id() % 2 == 1 && i.error() == null)
                .mapToLong(Insert::answeredNanos).filter(t -> t > restarting).min()
                .orElseThrow(() -> new AssertionError("no insert for dn2 succeeded after its restart"));
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(first - accepting));
    }

    /** When a client first logs in to {@code host}, trying every 5 ms from now on for up to 60 s. */
    private static CompletableFuture<Long> firstLogin(EmbeddedMariaDb host) {
        CompletableFuture<Long> login = new CompletableFuture<>();
        Thread probe = new Thread(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                try (Connection c = DataHosts.connectDirect(host, null)) {
                    login.complete(System.nanoTime());
                    return;
                } catch (SQLException e) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // not up yet
                }
            }
            login.completeExceptionally(new AssertionError(host + " let no client in within 60 s"));
        }, "login-probe");
        probe.setDaemon(true);
        probe.start();
        return login;
    }

    /** Code, SQLSTATE and the message with its numbers taken out, so that equal errors count as one. */
    static String describe(SQLException e) {
        return e.getErrorCode() + "/" + e.getSQLState() + " " + e.getMessage().replaceAll("\\d+", "N");
    }

    private static List<Long> ids(EmbeddedMariaDb host, String database) throws SQLException {
        try (Connection c = DataHosts.connectDirect(host, database)) {
            return longs(c);
        }
    }

    private static List<Long> idsThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            return longs(c);
        }
    }

    private static List<Long> longs(Connection c) throws SQLException {
        return Rows.fetchAll(c, "SELECT id FROM writes ORDER BY id").stream().map(r -> ((Number) r.get(0))
                .longValue()).toList();
    }
}
