package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A LOAD DATA LOCAL file several times larger than Tessera's heap and direct memory streams through to a sharded
 * table: Tessera (in its own JVM with 48 MB of heap and 32 MB of direct memory, exiting on OutOfMemoryError) places
 * every row, and each node holds exactly its rows.
 */
@Tag("integration")
class LoadDataMemoryIT {

    private static final Logger LOG = LogManager.getLogger(LoadDataMemoryIT.class);
    private static final int ROWS = 2_000_000;
    /** About 64 bytes a row: some 130 MB of file. */
    private static final String PAD = "x".repeat(48);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog").inOwnJvm("-Xmx48m",
            "-XX:MaxDirectMemorySize=32m", "-XX:+ExitOnOutOfMemoryError", "-Dio.netty.leakDetectionLevel=disabled");

    @TempDir
    static Path files;

    @Test
    void aFileLargerThanTesserasMemoryLoadsEveryRow() throws Exception {
        Path file = files.resolve("big.tsv");
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int id = 1; id <= ROWS; id++) {
                w.write(id + "\t" + PAD + "\t" + (id % 1000) + "\n");
            }
        }
        long throughTessera = load(tessera.jdbcUrl("TESTDB") + "?allowLoadLocalInfile=true",
                RunningTessera.USER, RunningTessera.PASSWORD, file);
        // the same file into one plain table of the same MariaDB, for the ratio the log reports
        String reference = DataHosts.databaseName(LoadDataMemoryIT.class, "reference");
        tessera.dataHosts().createDatabase(reference);
        long direct = load(tessera.dataHosts().jdbcUrl(reference) + "&allowLoadLocalInfile=true",
                tessera.dataHosts().user(), tessera.dataHosts().password(), file);
        tessera.dataHosts().dropDatabase(reference);
        LOG.warn("LOAD DATA LOCAL of {} rows ({} MB): {} ms through Tessera onto two nodes, {} ms into MariaDB"
                + " directly ({}x)", ROWS, Files.size(file) >> 20, throughTessera, direct,
                String.format("%.2f", throughTessera / (double) direct));
        assertThat(tessera.process().isAlive()).isTrue();
        assertThat(count("db1", "id % 2 = 0")).isEqualTo(ROWS / 2);
        assertThat(count("db2", "id % 2 = 1")).isEqualTo(ROWS / 2);
    }

    /** Creates orders and loads {@code file} into it; the load's milliseconds. */
    private static long load(String url, String user, String password, Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(60), total DECIMAL(10,2))");
            long started = System.nanoTime();
            assertThat(s.executeUpdate("LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE orders")).isEqualTo(ROWS);
            return (System.nanoTime() - started) / 1_000_000;
        }
    }

    /** The rows of the node's orders, which must all match {@code where}. */
    private static long count(String placeholder, String where) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(placeholder));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(" + where + ") FROM orders")) {
            rs.next();
            assertThat(rs.getLong(2)).isEqualTo(rs.getLong(1));
            return rs.getLong(1);
        }
    }
}
