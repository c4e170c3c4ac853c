package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The database sequence ({@code sequenceHandlerType} 1) end to end, from two Tessera processes at once, as two
 * nodes behind a load balancer would run: both take blocks of {@code MYCAT_SEQUENCE}'s row {@code SEQ_T} on dn1
 * for INSERTs that omit the key of {@code seq_t} ({@code autoIncrement="true"}, sharded by id mod 2). Every id a
 * client was given must be distinct, every row must be stored once under it, on the node the rule names.
 */
@Tag("integration")
class SequenceTwoProcessesIT {

    private static final Logger LOG = LogManager.getLogger(SequenceTwoProcessesIT.class);

    private static final int CLIENTS_PER_TESSERA = 8;
    private static final int INSERTS_PER_CLIENT = 250;
    /** Every other INSERT writes this many rows: their ids are consecutive, the first is the generated key. */
    private static final int ROWS_PER_MULTI_ROW_INSERT = 3;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/autoincrement-db-sequence");

    @BeforeAll
    static void createTables() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT NULL PRIMARY KEY,"
                        + " current_value BIGINT NOT NULL, increment INT NOT NULL DEFAULT 100)",
                "INSERT INTO MYCAT_SEQUENCE VALUES ('GLOBAL', 0, 100), ('SEQ_T', 0, 100)");
        try (Connection connection = tessera.connect("SEQDB"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE seq_t (id BIGINT NOT NULL PRIMARY KEY, client INT NOT NULL)");
        }
    }

    @Test
    void twoTesseraProcessesNeverHandOutTheSameId() throws Exception {
        Path secondHome = Files.createTempDirectory("tessera-it-second-");
        copyConf(tessera.confDir(), secondHome.resolve("conf"));
        ConcurrentLinkedQueue<Long> keys = new ConcurrentLinkedQueue<>();
        ExecutorService clients = Executors.newFixedThreadPool(2 * CLIENTS_PER_TESSERA);
        try (TesseraProcess second = TesseraProcess.start(secondHome.resolve("conf"))) {
            List<Future<Integer>> rows = new ArrayList<>();
            for (int client = 0; client < 2 * CLIENTS_PER_TESSERA; client++) {
                int port = client % 2 == 0 ? tessera.port() : second.port();
                int id = client;
                rows.add(clients.submit(() -> insert(port, id, keys)));
            }
            int total = 0;
            for (Future<Integer> inserted : rows) {
                total += inserted.get();
            }
            LOG.warn("{} rows inserted through two Tessera processes, {} generated keys", total, keys.size());
            assertThat(keys).hasSize(total).doesNotHaveDuplicates();
            assertThat(idsThroughTessera()).containsExactlyInAnyOrderElementsOf(keys);
            assertThat(misplacedRows("db1", 1)).isZero();
            assertThat(misplacedRows("db2", 0)).isZero();
        } finally {
            clients.shutdownNow();
            EmbeddedMariaDb.deleteRecursively(secondHome);
        }
    }

    /** One client's INSERTs through the Tessera on {@code port}: returns the rows written, adds every id to keys. */
    private static int insert(int port, int client, ConcurrentLinkedQueue<Long> keys) throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + port + "/SEQDB";
        int rows = 0;
        try (Connection connection = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                PreparedStatement one = connection.prepareStatement("INSERT INTO seq_t (client) VALUES (?)",
                        Statement.RETURN_GENERATED_KEYS);
                PreparedStatement three = connection.prepareStatement(
                        "INSERT INTO seq_t (client) VALUES (?), (?), (?)", Statement.RETURN_GENERATED_KEYS)) {
            for (int i = 0; i < INSERTS_PER_CLIENT; i++) {
                PreparedStatement insert = i % 2 == 0 ? one : three;
                int count = i % 2 == 0 ? 1 : ROWS_PER_MULTI_ROW_INSERT;
                for (int p = 1; p <= count; p++) {
                    insert.setInt(p, client);
                }
                assertThat(insert.executeUpdate()).isEqualTo(count);
                try (ResultSet generated = insert.getGeneratedKeys()) {
                    while (generated.next()) {
                        keys.add(generated.getLong(1));
                    }
                }
                rows += count;
            }
        }
        return rows;
    }

    private static List<Long> idsThroughTessera() throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection connection = tessera.connect("SEQDB"); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM seq_t")) {
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
        }
        return ids;
    }

    /** Rows on the node of {@code placeholder} whose id mod 2 is {@code wrongRemainder}: the rule puts none there. */
    private static long misplacedRows(String placeholder, int wrongRemainder) throws SQLException {
        try (Connection connection = tessera.dataHosts().connectDirect(tessera.database(placeholder));
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery(
                        "SELECT COUNT(*) FROM seq_t WHERE MOD(id, 2) = " + wrongRemainder)) {
            count.next();
            return count.getLong(1);
        }
    }

    private static void copyConf(Path from, Path to) throws java.io.IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
