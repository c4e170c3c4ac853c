package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.config.ConfigLoader;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Heartbeat failover end to end (issue 14): data host host1 writes to hostM1 (an extra MariaDB) and has hostM2 (the
 * test data host) as its second write host, with heartbeats every 500 ms and {@code maxRetryCount="3"}. hostM1 is
 * killed with SIGKILL under a write load from 16 clients; writes must resume on hostM2 within (3 + 1) heartbeat
 * periods, {@code dnindex.properties} must say {@code host1=1}, a second Tessera started on the same conf must write
 * to hostM2, and hostM1 restarted on its data must hold every write acknowledged before its death and get no write
 * after. Each write host holds its own table; there is no replication.
 */
class FailoverIT {

    private static final Logger LOG = LogManager.getLogger(FailoverIT.class);

    private static final long PERIOD_MILLIS = 500;
    private static final int MAX_RETRY_COUNT = 3;
    private static final int WRITERS = 16;
    private static final String CREATE = "CREATE TABLE writes (writer INT, seq INT, PRIMARY KEY (writer, seq))";

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/failover").withExtraHosts(1);

    /** "writer-seq" of every write Tessera acknowledged, with the time of the acknowledgement. */
    private final Map<String, Long> acknowledged = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean(true);
    private volatile long stoppedAt = Long.MAX_VALUE;

    @Test
    void writesMoveToTheStandbyWithinMaxRetryCountPlusOnePeriodsAndStayThere() throws Exception {
        String database = tessera.database("db1");
        EmbeddedMariaDb m1 = tessera.extraHost(2);
        int m1Port = m1.port();
        m1.execute(database, CREATE + ";");
        tessera.dataHosts().executeIn(database, CREATE);
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                rows -> rows.stream().allMatch(r -> r.get("RS_CODE").equals("1")));

        Set<String> onM1 = new HashSet<>(); // hostM1's rows once it is back
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            Thread thread = new Thread(() -> write(tessera.port(), writer), "writer-" + w);
            thread.start();
            writers.add(thread);
        }
        try {
            awaitTrue(() -> acknowledged.size() >= 40, "40 writes before the stop");
            long stopping = System.currentTimeMillis();
            m1.kill();
            long stopped = System.currentTimeMillis();
            stoppedAt = stopped;
            awaitTrue(() -> acknowledged.values().stream().anyMatch(t -> t > stopped), "a write after the stop");
            long resumed = acknowledged.values().stream().filter(t -> t > stopped).mapToLong(Long::longValue).min()
                    .orElseThrow();
            LOG.warn(String.format("kill -9 of hostM1 took %d ms; writes resumed on hostM2 %d ms after it had died"
                    + " (%d ms after the kill began); bound (maxRetryCount + 1) x period = %d ms;"
                    + " longest gap between two acknowledged writes %d ms; %d statements failed meanwhile",
                    stopped - stopping, resumed - stopped, resumed - stopping, (MAX_RETRY_COUNT + 1) * PERIOD_MILLIS,
                    longestGap(), errors.size()));
            LOG.warn("FailoverIT: errors seen by the clients: " + new HashSet<>(errors));
            assertThat(resumed - stopped).isLessThanOrEqualTo((MAX_RETRY_COUNT + 1) * PERIOD_MILLIS);
            assertThat(errors).as("statements that fail name the dead host")
                    .allMatch(e -> e.contains("data host host1 (127.0.0.1:" + m1Port + ")"));

            assertThat(Files.readString(tessera.confDir().resolve("dnindex.properties"))).contains("host1=1");
            assertThat(AdminRows.of(tessera.adminPort(), "show @@datanode")).singleElement()
                    .satisfies(row -> assertThat(row.get("INDEX")).isEqualTo("1"));
            assertThat(heartbeatOf("hostM1")).isNotEqualTo("1");

            long m1WriteLoad = writeLoadOf("hostM1");
            long m2WriteLoad = writeLoadOf("hostM2");
            // hostM1 comes back on its data: it holds what it acknowledged, and no write may go there
            m1.restart();
            onM1.addAll(rows(url(m1, database), m1.user(), m1.password()));
            Set<String> beforeKill = new HashSet<>();
            acknowledged.forEach((key, time) -> {
                if (time < stopping) {
                    beforeKill.add(key);
                }
            });
            assertThat(onM1).as("every write acknowledged before the kill survived it on hostM1")
                    .containsAll(beforeKill);
            AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                    rows -> rows.stream().allMatch(r -> r.get("RS_CODE").equals("1")));
            int before = acknowledged.size();
            awaitTrue(() -> acknowledged.size() >= before + 40, "40 writes after hostM1 came back");
            assertThat(writeLoadOf("hostM1")).as("show @@datasource: no writes lent by hostM1").isEqualTo(m1WriteLoad);
            assertThat(writeLoadOf("hostM2")).as("show @@datasource: hostM2 takes the writes")
                    .isGreaterThanOrEqualTo(m2WriteLoad + 40);
        } finally {
            writing.set(false);
            for (Thread writer : writers) {
                writer.join(10_000);
            }
        }
        Set<String> onM2 = rows(tessera.dataHosts().jdbcUrl(database), tessera.dataHosts().user(),
                tessera.dataHosts().password());
        Set<String> afterStop = new HashSet<>();
        acknowledged.forEach((key, time) -> {
            if (time > stoppedAt) {
                afterStop.add(key);
            }
        });
        assertThat(afterStop).hasSizeGreaterThanOrEqualTo(40);
        assertThat(onM2).as("every write acknowledged after the stop is on hostM2").containsAll(afterStop);
        assertThat(rows(url(m1, database), m1.user(), m1.password())).as("nothing is written to hostM1 once it is"
                + " back").isEqualTo(onM1);
        assertThat(AdminRows.of(tessera.adminPort(), "show @@datanode")).singleElement()
                .satisfies(row -> assertThat(row.get("INDEX")).isEqualTo("1"));

        // a restart on the same conf keeps writing to hostM2
        try (TesseraServer restarted = TesseraServer.start(ConfigLoader.load(tessera.confDir()))) {
            assertThat(AdminRows.of(restarted.managerPort(), "show @@datanode")).singleElement()
                    .satisfies(row -> assertThat(row.get("INDEX")).isEqualTo("1"));
            try (Connection c = connect(restarted.serverPort()); Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("INSERT INTO writes VALUES (99, 1)")).isEqualTo(1);
            }
        }
        assertThat(rows(tessera.dataHosts().jdbcUrl(database), tessera.dataHosts().user(),
                tessera.dataHosts().password())).contains("99-1");
        assertThat(rows(url(m1, database), m1.user(), m1.password())).isEqualTo(onM1);
    }

    /** The longest time between two acknowledged writes. */
    private long longestGap() {
        long[] times = acknowledged.values().stream().mapToLong(Long::longValue).sorted().toArray();
        long gap = 0;
        for (int i = 1; i < times.length; i++) {
            gap = Math.max(gap, times[i] - times[i - 1]);
        }
        return gap;
    }

    private void write(int port, int writer) {
        int seq = 0;
        while (writing.get()) {
            try (Connection c = connect(port);
                    PreparedStatement insert = c.prepareStatement("INSERT INTO writes VALUES (?, ?)")) {
                while (writing.get()) {
                    seq++;
                    insert.setInt(1, writer);
                    insert.setInt(2, seq);
                    insert.executeUpdate();
                    acknowledged.put(writer + "-" + seq, System.currentTimeMillis());
                    Thread.sleep(5);
                }
            } catch (SQLException e) {
                errors.add(e.getMessage());
                sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static Connection connect(int port) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/TESTDB?sslMode=DISABLED"
                + "&allowPublicKeyRetrieval=true", RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static String url(EmbeddedMariaDb db, String database) {
        return "jdbc:mysql://" + db.host() + ":" + db.port() + "/" + database
                + "?sslMode=DISABLED&allowPublicKeyRetrieval=true";
    }

    /** The rows of table writes at {@code url}, as "writer-seq". */
    private static Set<String> rows(String url, String user, String password) throws SQLException {
        Set<String> rows = new HashSet<>();
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT writer, seq FROM writes")) {
            while (rs.next()) {
                rows.add(rs.getInt(1) + "-" + rs.getInt(2));
            }
        }
        return rows;
    }

    private static String heartbeatOf(String name) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@heartbeat").stream().filter(r -> r.get("NAME").equals(name))
                .map(r -> r.get("RS_CODE")).findFirst().orElseThrow();
    }

    /** WRITE_LOAD of {@code name} in {@code show @@datasource}: the connections it lent for writes. */
    private static long writeLoadOf(String name) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@datasource").stream().filter(r -> r.get("NAME").equals(name))
                .mapToLong(r -> Long.parseLong(r.get("WRITE_LOAD"))).findFirst().orElseThrow();
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("not reached within 20 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
