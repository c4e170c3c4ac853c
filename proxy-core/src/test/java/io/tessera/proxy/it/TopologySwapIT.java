package io.tessera.proxy.it;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Server;
import io.tessera.backend.pool.PoolStats;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The topology swapped under 16 busy clients: point reads, transactions writing both data nodes, merged counts and
 * inserts keep running while Tessera swaps in new topologies whose data host host2 differs (so it is replaced) and
 * whose host1 does not (so it is kept). No client sees an error, every replaced data host's connections close once
 * the commands that used them are done, and no connection is left lent.
 */
@Tag("integration")
class TopologySwapIT {

    private static final int CLIENTS = 16;
    private static final int SWAPS = 8;
    private static final long SWAP_EVERY_MILLIS = 400;
    private static final int ROWS = 200;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/topology");

    @BeforeAll
    static void fillTheTable() throws SQLException {
        try (Connection c = tessera.connect("TOPODB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, n INT NOT NULL)");
            StringBuilder insert = new StringBuilder("INSERT INTO t (id, n) VALUES ");
            for (int id = 1; id <= ROWS; id++) {
                insert.append(id == 1 ? "" : ", ").append('(').append(id).append(", 0)");
            }
            s.executeUpdate(insert.toString());
        }
    }

    @Test
    void swapsUnderBusyClientsLoseNothingAndLetReplacedDataHostsGo() throws Exception {
        Topology first = tessera.server().topology();
        DataHost kept = first.dataHosts().get("host1");
        List<DataHost> replaced = new ArrayList<>();
        BusyClients clients = BusyClients.start(tessera, "TOPODB", CLIENTS, ROWS);
        for (int swap = 1; swap <= SWAPS; swap++) {
            Thread.sleep(SWAP_EVERY_MILLIS);
            Topology before = tessera.server().topology();
            Topology after = tessera.server().swapTopology(config(40 + swap)).get(30, TimeUnit.SECONDS);
            replaced.add(before.dataHosts().get("host2"));
            assertThat(after.generation()).isEqualTo(before.generation() + 1);
            assertThat(after.dataHosts().get("host1")).isSameAs(kept); // unchanged: taken over, connections and all
            assertThat(after.dataHosts().get("host2")).isNotSameAs(before.dataHosts().get("host2"));
        }
        Thread.sleep(SWAP_EVERY_MILLIS);
        long statements = clients.stop();

        assertThat(clients.errors()).isEmpty();
        assertThat(statements).isGreaterThan(CLIENTS * SWAPS);
        for (DataHost host : replaced) { // drained: every connection closed once given back
            for (Server server : host.servers()) {
                await(() -> server.pool().stats().total() == 0, server.pool()::stats);
            }
        }
        Topology last = tessera.server().topology();
        for (DataHost host : last.dataHosts().values()) {
            for (Server server : host.servers()) {
                PoolStats stats = server.pool().stats();
                await(() -> server.pool().stats().active() == 0, server.pool()::stats); // nothing left lent
                assertThat(stats.maxCon()).isEqualTo(host.name().equals("host2") ? 40 + SWAPS : 40);
            }
        }
        try (Connection c = tessera.connect("TOPODB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(n) FROM t WHERE id <= " + ROWS)) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(ROWS);
        }
    }

    /** The running configuration with host2's maxCon set to {@code maxCon}: a changed data host. */
    private static TesseraConfig config(int maxCon) throws IOException {
        Path dir = Files.createTempDirectory(tessera.confDir().getParent(), "conf-");
        try (Stream<Path> files = Files.list(tessera.confDir())) {
            for (Path file : files.toList()) {
                Files.copy(file, dir.resolve(file.getFileName()));
            }
        }
        Path schema = dir.resolve("schema.xml");
        String text = Files.readString(schema);
        int host2 = text.indexOf("<dataHost name=\"host2\"");
        Files.writeString(schema, text.substring(0, host2)
                + text.substring(host2).replaceFirst("maxCon=\"\\d+\"", "maxCon=\"" + maxCon + "\""));
        return ConfigLoader.load(dir);
    }
}
