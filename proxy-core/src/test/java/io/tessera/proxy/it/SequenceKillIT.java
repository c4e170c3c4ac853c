package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The local-file sequence ({@code sequenceHandlerType} 0) across a {@code kill -9} of Tessera under load: clients
 * insert rows whose ids the sequence fills in, Tessera is killed with SIGKILL mid-run and started again on the same
 * conf/. No acknowledged row may be lost, and no id handed out before the kill may be handed out again: every id
 * after the restart lies above every id stored before it (the file's CURID was written before its block was used).
 */
@Tag("integration")
class SequenceKillIT {

    private static final Logger LOG = LogManager.getLogger(SequenceKillIT.class);

    private static final int CLIENTS = 4;
    private static final long LOAD_BEFORE_KILL_MILLIS = 1_500;
    private static final int INSERTS_AFTER_RESTART = 500;

    @RegisterExtension
    static final RunningTessera tessera =
            RunningTessera.withConf("it/conf/autoincrement-file-sequence").inOwnJvm();

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection connection = tessera.connect("SEQDB"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE seq_t (id BIGINT NOT NULL PRIMARY KEY, client INT NOT NULL)");
        }
    }

    @Test
    void noIdIsHandedOutTwiceAcrossAKill() throws Exception {
        ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
        AtomicBoolean killed = new AtomicBoolean();
        ConcurrentLinkedQueue<SQLException> earlyFailures = new ConcurrentLinkedQueue<>();
        List<Thread> clients = new ArrayList<>();
        for (int client = 0; client < CLIENTS; client++) {
            int id = client;
            Thread thread = new Thread(() -> insertUntilKilled(id, acknowledged, killed, earlyFailures),
                    "sequence-client-" + id);
            thread.start();
            clients.add(thread);
        }
        Thread.sleep(LOAD_BEFORE_KILL_MILLIS);
        killed.set(true);
        tessera.killAndRestart();
        for (Thread client : clients) {
            client.join(30_000);
        }
        assertThat(earlyFailures).as("INSERTs that failed before the kill").isEmpty();
        List<Long> before = storedIds();
        LOG.warn("{} inserts acknowledged before the kill, {} rows stored", acknowledged.size(), before.size());
        assertThat(acknowledged).isNotEmpty();
        assertThat(before).containsAll(acknowledged).doesNotHaveDuplicates();

        List<Long> after = new ArrayList<>();
        try (Connection connection = tessera.connect("SEQDB")) {
            for (int i = 0; i < INSERTS_AFTER_RESTART; i++) {
                after.add(insert(connection, CLIENTS));
            }
        }
        assertThat(after).doesNotHaveDuplicates();
        assertThat(Collections.min(after)).isGreaterThan(Collections.max(before));
        assertThat(storedIds()).hasSize(before.size() + INSERTS_AFTER_RESTART).doesNotHaveDuplicates();
    }

    /** Inserts until Tessera goes away; a statement that failed once the kill began is the kill's, not an error. */
    private static void insertUntilKilled(int client, ConcurrentLinkedQueue<Long> acknowledged, AtomicBoolean killed,
            ConcurrentLinkedQueue<SQLException> earlyFailures) {
        try (Connection connection = tessera.connect("SEQDB")) {
            while (true) {
                acknowledged.add(insert(connection, client));
            }
        } catch (SQLException e) {
            if (!killed.get()) {
                earlyFailures.add(e);
            }
        }
    }

    private static long insert(Connection connection, int client) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO seq_t (client) VALUES (?)",
                Statement.RETURN_GENERATED_KEYS)) {
            insert.setInt(1, client);
            insert.executeUpdate();
            try (ResultSet key = insert.getGeneratedKeys()) {
                assertThat(key.next()).as("a generated key").isTrue();
                return key.getLong(1);
            }
        }
    }

    /** Every id stored on both data nodes, read directly. */
    private static List<Long> storedIds() throws SQLException {
        List<Long> ids = new ArrayList<>();
        for (String placeholder : List.of("db1", "db2")) {
            try (Connection connection = tessera.dataHosts().connectDirect(tessera.database(placeholder));
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT id FROM seq_t")) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
        }
        return ids;
    }
}
