package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TLS from Tessera to its data hosts, against a real MariaDB started with a certificate whose only account for
 * Tessera is {@code REQUIRE SSL}, so that every statement answered proves the connection was encrypted: REQUIRED,
 * VERIFY_CA and VERIFY_IDENTITY get in; a CA that did not sign the certificate, and REQUIRED towards a server
 * without TLS, get a clear ERR and no plaintext fallback; PREFERRED towards it connects in plain TCP. The password
 * shows in no log line, no admin output and no error.
 */
@Tag("integration")
class TlsDataHostsIT {

    private static final String PASSWORD = "tls-secret";
    private static final Path CERTS = certificates();

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/tls-data-hosts")
            .withExtraHostOptions(List.of(
                    List.of("--ssl-cert=" + CERTS.resolve("tls/" + TestCertificate.CERT),
                            "--ssl-key=" + CERTS.resolve("tls/" + TestCertificate.KEY),
                            "--init-file=" + CERTS.resolve("tls-only-user.sql")),
                    List.of()))
            .withConfFiles(conf -> {
                Files.copy(CERTS.resolve("tls/" + TestCertificate.CERT), conf.resolve("ca.pem"));
                Files.copy(CERTS.resolve("other/" + TestCertificate.CERT), conf.resolve("other-ca.pem"));
            });

    @BeforeAll
    static void tables() throws IOException {
        EmbeddedMariaDb tlsHost = tessera.extraHost(2);
        String db = tessera.database("db1");
        String orders = "CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(20) NOT NULL);";
        tlsHost.execute(db, orders + " CREATE TABLE identity_checked (id INT PRIMARY KEY);"
                + " CREATE TABLE wrong_ca (id INT PRIMARY KEY);");
        tlsHost.execute(tessera.database("db2"), orders);
        tessera.extraHost(3).execute(db, "CREATE TABLE plain_required (id INT PRIMARY KEY);"
                + " CREATE TABLE plain_preferred (id INT PRIMARY KEY);");
    }

    @AfterAll
    static void removeCertificates() throws IOException {
        EmbeddedMariaDb.deleteRecursively(CERTS);
    }

    @Test
    void requiredAndVerifyCaCarryAShardedTableToAnAccountThatOnlyTlsMayUse() throws SQLException, IOException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int id = 1; id <= 10; id++) {
                s.executeUpdate("INSERT INTO orders VALUES (" + id + ", 'n" + id + "')");
            }
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*), SUM(id) FROM orders"))
                    .containsExactly(List.of(10L, BigDecimal.valueOf(55)));
        }
        // each node holds its half: both data hosts (REQUIRED, VERIFY_CA) carried writes
        for (String db : List.of("db1", "db2")) {
            assertThat(tessera.extraHost(2).execute(tessera.database(db), "SELECT COUNT(*) AS n FROM orders"))
                    .isEqualTo("n\n5");
        }
    }

    @Test
    void verifyIdentityAcceptsACertificateThatNamesTheAddress() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO identity_checked VALUES (1)");
            assertThat(Rows.fetchAll(c, "SELECT id FROM identity_checked")).containsExactly(List.of(1));
        }
    }

    @Test
    void aCaThatDidNotSignTheCertificateIsRefusedWithoutAFallback() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM wrong_ca"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage()).contains("data node dn4", "data host wrongCa",
                                "TLS handshake failed (sslMode=VERIFY_CA)");
                    });
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM identity_checked")).hasSize(1); // session lives on
        }
    }

    @Test
    void requiredRefusesAServerWithoutTlsAndPreferredUsesPlainTcp() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM plain_required"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage()).contains("data host plainRequired",
                                "sslMode=REQUIRED but the server does not offer TLS");
                    });
            s.executeUpdate("INSERT INTO plain_preferred VALUES (7)");
            assertThat(Rows.fetchAll(c, "SELECT id FROM plain_preferred")).containsExactly(List.of(7));
        }
    }

    @Test
    void thePasswordShowsInNoLogLineAdminOutputOrError() throws Exception {
        List<String> seen = new ArrayList<>();
        try (LogLines log = LogLines.capture()) {
            try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
                for (String table : List.of("wrong_ca", "plain_required", "orders")) {
                    try {
                        s.executeQuery("SELECT * FROM " + table).close();
                    } catch (SQLException e) {
                        seen.add(e.getMessage());
                    }
                }
            }
            String admin = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "?sslMode=DISABLED";
            try (Connection c = DriverManager.getConnection(admin, RunningTessera.USER, RunningTessera.PASSWORD)) {
                for (String command : List.of("show @@datasource", "show @@heartbeat", "show @@backend",
                        "show @@datanode", "show @@sysparam")) {
                    seen.add(Rows.fetchAll(c, command).toString());
                }
            }
            seen.addAll(log.lines());
        }
        assertThat(seen).hasSizeGreaterThan(5).noneMatch(line -> line.contains(PASSWORD));
    }

    /** A certificate for 127.0.0.1 (the server's), another that signed nothing of it, and the TLS-only account. */
    private static Path certificates() {
        try {
            Path dir = Files.createTempDirectory("tessera-tls-hosts-");
            for (String name : List.of("tls", "other")) {
                Files.createDirectory(dir.resolve(name));
                TestCertificate.writeInto(dir.resolve(name));
            }
            Files.writeString(dir.resolve("tls-only-user.sql"), "CREATE USER IF NOT EXISTS 'tls_only'@'%'"
                    + " IDENTIFIED BY '" + PASSWORD + "' REQUIRE SSL;\nGRANT ALL ON *.* TO 'tls_only'@'%';\n");
            return dir;
        } catch (Exception e) {
            throw new IllegalStateException("cannot make the test certificates", e);
        }
    }
}
