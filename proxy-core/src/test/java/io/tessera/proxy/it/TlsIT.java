package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TLS on the client port, over TCP with real clients: with a certificate configured, CLIENT_SSL is offered and
 * Connector/J ({@code sslMode=REQUIRED}), MariaDB Connector/J ({@code sslMode=trust}) and the mariadb CLI log in
 * over TLS and run a cross-shard SELECT and INSERTs; with {@code requireSecureTransport}, a plaintext login gets
 * 3159 and a TLS one with caching_sha2_password gets in.
 */
@Tag("integration")
class TlsIT {

    @Nested
    class Offered {

        @RegisterExtension
        static final RunningTessera tessera = RunningTessera.withConf("it/conf/tls")
                .withConfFiles(TestCertificate::writeInto);

        @BeforeAll
        static void ordersOnBothNodes() throws SQLException {
            for (String db : List.of("db1", "db2")) {
                tessera.dataHosts().executeIn(tessera.database(db),
                        "CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(20) NOT NULL)");
            }
        }

        @Test
        void connectorJWithSslModeRequiredWritesAndReadsAcrossShards() throws SQLException {
            String url = "jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=REQUIRED";
            try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD)) {
                assertInsertsAndCrossShardSelect(c, 10);
                assertThat(Rows.fetchAll(c, "SHOW STATUS LIKE 'Ssl_%'")).satisfiesExactly(
                        cipher -> assertThat(cipher.get(1).toString()).startsWith("TLS_"),
                        version -> assertThat(version.get(1).toString()).startsWith("TLSv1."));
            }
        }

        @Test
        void mariaDbConnectorJWithSslModeTrustWritesAndReadsAcrossShards() throws SQLException {
            String url = "jdbc:mariadb://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=trust";
            try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD)) {
                assertInsertsAndCrossShardSelect(c, 20);
            }
        }

        @Test
        void theEngineIsOpenSslOnLinuxX8664() {
            assumeTrue(System.getProperty("os.name").startsWith("Linux")
                    && System.getProperty("os.arch").equals("amd64"), "netty-tcnative is on the path for Linux x86-64");
            assertThat(OpenSsl.isAvailable()).as(String.valueOf(OpenSsl.unavailabilityCause())).isTrue();
            assertThat(SslContext.defaultServerProvider()).isEqualTo(SslProvider.OPENSSL);
        }

        @Test
        void plaintextLoginsStillWorkWhenTlsIsNotRequired() throws SQLException {
            String url = "jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=DISABLED";
            try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD)) {
                assertThat(Rows.fetchAll(c, "SELECT 1")).containsExactly(List.of(1));
                assertThat(Rows.fetchAll(c, "SHOW STATUS LIKE 'Ssl_%'"))
                        .containsExactly(List.of("Ssl_cipher", ""), List.of("Ssl_version", ""));
            }
        }

        @Test
        void mariadbCliLogsInOverTls() throws Exception {
            Cli r = cli(tessera.port(), "--ssl", "-e", "INSERT INTO orders VALUES (31, 'cli'), (32, 'cli'); "
                    + "SELECT COUNT(*) FROM orders WHERE id IN (31, 32); \\s");
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("2").containsPattern("SSL:\\s+Cipher in use is");
        }

        private static void assertInsertsAndCrossShardSelect(Connection c, int firstId) throws SQLException {
            try (Statement s = c.createStatement()) {
                // id mod 2 puts the two rows on different data nodes
                assertThat(s.executeUpdate("INSERT INTO orders VALUES (" + firstId + ", 'even'), (" + (firstId + 1)
                        + ", 'odd')")).isEqualTo(2);
            }
            assertThat(Rows.fetchAll(c, "SELECT id, note FROM orders WHERE id BETWEEN " + firstId + " AND "
                    + (firstId + 1) + " ORDER BY id")).containsExactly(List.of(firstId, "even"),
                    List.of(firstId + 1, "odd"));
        }
    }

    @Nested
    class Required {

        @RegisterExtension
        static final RunningTessera tessera = RunningTessera.withConf("it/conf/tls-required")
                .withConfFiles(TestCertificate::writeInto);

        @Test
        void aPlaintextLoginIsRefusedWith3159() {
            String url = "jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=DISABLED";
            assertThatThrownBy(() -> DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(3159);
                        assertThat(e.getMessage()).contains(
                                "Connections using insecure transport are prohibited while"
                                        + " --require_secure_transport=ON.")
                                .doesNotContain(RunningTessera.PASSWORD);
                    });
        }

        @Test
        void theCliWithoutTlsIsRefusedWith3159() throws Exception {
            Cli r = cli(tessera.port(), "--skip-ssl", "-e", "SELECT 1");
            assertThat(r.exit()).isNotZero();
            assertThat(r.err()).contains("3159");
        }

        @Test
        void cachingSha2LoginsOverTlsGetIn() throws SQLException {
            List<String> urls = List.of(
                    "jdbc:mysql://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=REQUIRED",
                    "jdbc:mariadb://127.0.0.1:" + tessera.port() + "/TESTDB?sslMode=trust");
            for (String url : urls) {
                try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD)) {
                    assertThat(Rows.fetchAll(c, "SELECT 1")).as(url).containsExactly(List.of(1));
                }
            }
        }

        @Test
        void fullAuthenticationOverTlsTakesTheClearTextPasswordOfAUserWhoseProofTesseraCannotAccept()
                throws Exception {
            try (RawClient client = new RawClient(tessera.port())) {
                client.startTls();
                // a caching_sha2_password proof against no nonce of Tessera's: as from a server without its cache
                RawClient.Reply more = client.loginOverTls(RunningTessera.USER, new byte[32], "TESTDB");
                assertThat(more.payload()).containsExactly(0x01, 0x04); // perform full authentication
                client.write((RunningTessera.PASSWORD + "\0").getBytes(StandardCharsets.UTF_8));
                assertThat(client.read().isOk()).isTrue();
                client.query("SELECT 1");
                assertThat(client.readResultSetRows()).isEqualTo(1);
            }
            try (RawClient client = new RawClient(tessera.port())) {
                client.startTls();
                client.loginOverTls(RunningTessera.USER, new byte[32], "TESTDB");
                client.write("wrong\0".getBytes(StandardCharsets.UTF_8));
                RawClient.Reply refused = client.read();
                assertThat(refused.errorCode()).isEqualTo(1045);
                assertThat(refused.text()).doesNotContain("wrong");
            }
        }

        @Test
        void theCliOverTlsGetsIn() throws Exception {
            Cli r = cli(tessera.port(), "--ssl", "-e", "SELECT 40 + 2; \\s");
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("42").containsPattern("SSL:\\s+Cipher in use is");
        }
    }

    private record Cli(int exit, String out, String err) {
    }

    /** Runs the mariadb (or mysql) CLI as user test on TESTDB with {@code args}; skips the test without one. */
    private static Cli cli(int port, String... args) throws Exception {
        String client = List.of("/usr/bin/mariadb", "/usr/bin/mysql").stream()
                .filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null);
        assumeTrue(client != null, "no mariadb client installed");
        List<String> command = new ArrayList<>(List.of(client, "-h127.0.0.1", "-P" + port, "-utest",
                "-p" + RunningTessera.PASSWORD, "--batch", "--ssl-verify-server-cert=0", "TESTDB"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Cli(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
