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
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Results stream: a 1,000,000-row SELECT (about 230 MB on the wire) passes through a Tessera that runs with a
 * 128 MB heap, even when the client pauses while reading; and a 20 MiB BLOB goes in and comes back intact
 * (payloads split over several 16 MiB frames in both directions).
 */
@Tag("integration")
class StreamingIT {

    private static final int ROWS = 1_000_000;
    private static final int BLOB_SIZE = 20 * 1024 * 1024;
    private static final long BIG_PACKET = 64L * 1024 * 1024;

    private static DataHosts hosts;
    private static String database;
    private static long previousMaxPacket;
    private static Path conf;
    private static TesseraProcess tessera;

    @BeforeAll
    static void loadRowsAndStartTesseraWithSmallHeap() throws Exception {
        hosts = DataHosts.get();
        database = DataHosts.databaseName(StreamingIT.class, "db1");
        hosts.createDatabase(database);
        try (Connection c = hosts.connectDirect(database); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT @@global.max_allowed_packet")) {
                rs.next();
                previousMaxPacket = rs.getLong(1);
            }
            s.execute("SET GLOBAL max_allowed_packet = " + BIG_PACKET);
            s.execute("CREATE TABLE big (id INT PRIMARY KEY, payload CHAR(200) NOT NULL)");
            s.execute("INSERT INTO big SELECT seq, RPAD(seq, 200, 'x') FROM seq_1_to_" + ROWS);
            s.execute("CREATE TABLE blobs (id INT PRIMARY KEY, data LONGBLOB)");
        }
        conf = Files.createTempDirectory("tessera-streaming-conf-");
        Files.writeString(conf.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <system>
                        <property name="serverPort">0</property>
                        <property name="managerPort">0</property>
                        <property name="bindIp">127.0.0.1</property>
                        <property name="maxPacketSize">%d</property>
                    </system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                </mycat:server>
                """.formatted(BIG_PACKET));
        Files.writeString(conf.resolve("schema.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="%s"/>
                    <dataHost name="host1" maxCon="4" minCon="1" balance="0" writeType="0" dbType="mysql"
                              dbDriver="native" switchType="1">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="%s:%d" user="%s" password="%s"/>
                    </dataHost>
                </mycat:schema>
                """.formatted(database, hosts.host(), hosts.port(), hosts.user(), hosts.password()));
        Files.writeString(conf.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/"/>
                """);
        tessera = TesseraProcess.start(conf, "-Xmx128m", "-XX:MaxDirectMemorySize=64m",
                "-XX:+ExitOnOutOfMemoryError", "-Dio.netty.leakDetectionLevel=disabled");
    }

    @AfterAll
    static void stop() throws Exception {
        if (tessera != null) {
            tessera.close();
        }
        if (conf != null) {
            EmbeddedMariaDb.deleteRecursively(conf);
        }
        if (hosts != null) {
            hosts.execute("SET GLOBAL max_allowed_packet = " + previousMaxPacket);
            hosts.dropDatabase(database);
        }
    }

    @Test
    void millionRowsStreamThroughA128MbHeapEvenWithAPausingClient() throws Exception {
        long count = 0;
        long idSum = 0;
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.setFetchSize(Integer.MIN_VALUE); // Connector/J streams rows instead of buffering them all
            try (ResultSet rs = s.executeQuery("SELECT id, payload FROM big ORDER BY id")) {
                while (rs.next()) {
                    count++;
                    idSum += rs.getInt(1);
                    if (count == 1_000) {
                        Thread.sleep(3_000); // Tessera must stop reading from MariaDB meanwhile
                    }
                }
            }
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM big")).containsExactly(java.util.List.of(
                    (long) ROWS));
        }
        assertThat(count).isEqualTo(ROWS);
        assertThat(idSum).isEqualTo((long) ROWS * (ROWS + 1) / 2);
        assertThat(tessera.isAlive()).as(tessera.output()).isTrue();
    }

    @Test
    void twentyMegabyteBlobRoundTrips() throws Exception {
        byte[] blob = new byte[BLOB_SIZE];
        new Random(42).nextBytes(blob);
        try (Connection c = connect()) {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO blobs VALUES (?, ?)")) {
                p.setInt(1, 1);
                p.setBytes(2, blob);
                assertThat(p.executeUpdate()).isEqualTo(1);
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT data FROM blobs WHERE id = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBytes(1)).isEqualTo(blob);
            }
        }
        assertThat(tessera.isAlive()).as(tessera.output()).isTrue();
    }

    @Test
    void largeValuesSurviveAPreparedStatementWhoseRowsTesseraReencodes() throws Exception {
        byte[] tenMegabytes = new byte[10 * 1024 * 1024]; // a frame length of 8 MiB or more, in one frame
        byte[] twentyMegabytes = new byte[BLOB_SIZE]; // a row of two frames
        new Random(7).nextBytes(tenMegabytes);
        new Random(8).nextBytes(twentyMegabytes);
        String url = "jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?useSSL=false&useServerPrepStmts=true";
        try (Connection c = DriverManager.getConnection(url, "test", "test")) {
            try (PreparedStatement p = c.prepareStatement("REPLACE INTO blobs VALUES (?, ?)")) {
                for (int id : new int[] {2, 3}) {
                    p.setInt(1, id);
                    p.setBytes(2, id == 2 ? tenMegabytes : twentyMegabytes);
                    p.executeUpdate();
                }
            }
            // the schema qualifier is rewritten: the data node answers in text, Tessera sends binary rows
            try (PreparedStatement p = c.prepareStatement("SELECT data FROM TESTDB.blobs WHERE id = ?")) {
                for (int id : new int[] {2, 3}) {
                    p.setInt(1, id);
                    try (ResultSet rs = p.executeQuery()) {
                        assertThat(rs.next()).as("row %d", id).isTrue();
                        assertThat(rs.getBytes(1)).isEqualTo(id == 2 ? tenMegabytes : twentyMegabytes);
                    }
                }
            }
        }
        assertThat(tessera.isAlive()).as(tessera.output()).isTrue();
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?useSSL=false",
                "test", "test");
    }
}
