package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two-phase commit survives {@code kill -9} of Tessera at every phase of a commit over two data nodes. Tessera runs
 * in its own JVM with the failpoint {@code tessera.xa.failpoint} set, which stops the commit at that phase; the
 * test then kills the process with SIGKILL and starts it again on the same home (its XA log), and checks on the data
 * nodes that the transaction is whole or absent, and that no Tessera branch is left prepared on the data host.
 */
@Tag("integration")
class XaRecoveryIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions")
            .inOwnJvm(options("before-prepare"));

    private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
        }
    }

    @AfterAll
    static void stopClients() {
        CLIENTS.shutdownNow();
    }

    @Test
    void aKilledCoordinatorCompletesOrRollsBackEveryBranchWhenItStartsAgain() throws Exception {
        crashAt("before-prepare", 100, "after-prepare");
        assertThat(rows(100)).isEmpty();
        crashAt("after-prepare", 200, "after-decision");
        assertThat(rows(200)).isEmpty(); // prepared, no decision logged: presumed abort
        crashAt("after-decision", 300, "after-first-commit");
        assertThat(rows(300)).containsExactly(300L, 301L); // decided: recovery commits both branches
        crashAt("after-first-commit", 400, null);
        assertThat(rows(400)).containsExactly(400L, 401L); // one committed, recovery commits the other
        assertThat(TransactionIT.preparedXaBranches(tessera.dataHosts())).isEmpty();

        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) { // and XA still works
            s.execute("SET XA = ON");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (500, 1), (501, 1)");
            c.commit();
        }
        assertThat(rows(500)).containsExactly(500L, 501L);
    }

    /**
     * Commits rows {@code id} (dn1) and {@code id + 1} (dn2) under XA, waits until Tessera reports the failpoint,
     * kills it, and starts it again with the next failpoint (none when {@code next} is null).
     */
    private static void crashAt(String failpoint, long id, String next) throws Exception {
        Future<?> commit = CLIENTS.submit(() -> {
            try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
                s.execute("SET XA = ON");
                c.setAutoCommit(false);
                s.executeUpdate("INSERT INTO acct VALUES (" + id + ", 1), (" + (id + 1) + ", 1)");
                c.commit(); // never answered: Tessera stops at the failpoint and is killed
            }
            return null;
        });
        assertThat(tessera.process().awaitOutput("XA failpoint " + failpoint + " reached", 30))
                .as("Tessera's output:\n%s", tessera.process().output()).isTrue();
        tessera.killAndRestart(next == null ? options(null) : options(next));
        commit.cancel(true);
    }

    private static String[] options(String failpoint) {
        List<String> options = new ArrayList<>(List.of("-Xmx256m", "-Dtessera.console=true",
                "-Dlog4j2.configurationFile=" + Path.of("..", "conf", "log4j2.xml").toAbsolutePath().normalize()));
        if (failpoint != null) {
            options.add("-Dtessera.xa.failpoint=" + failpoint);
        }
        return options.toArray(String[]::new);
    }

    /** Rows {@code id} and {@code id + 1} as found on their data nodes. */
    private static List<Long> rows(long id) throws SQLException {
        List<Long> found = new ArrayList<>();
        for (String db : List.of("db1", "db2")) {
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db));
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id FROM acct WHERE id IN (" + id + ", " + (id + 1) + ")")) {
                while (rs.next()) {
                    found.add(rs.getLong(1));
                }
            }
        }
        found.sort(null);
        return found;
    }
}
