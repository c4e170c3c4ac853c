package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code reload @@config}, {@code reload @@config_all}, {@code reload @@user} and {@code rollback @@config} on the
 * admin port of a running Tessera whose {@code conf/} the test edits: table t sharded by id mod 2 over dn1 (data
 * host host1) and dn2 (host2). Each test puts the files back and reloads them.
 */
class ReloadConfigIT {

    private static final Logger LOG = LogManager.getLogger(ReloadConfigIT.class);

    private static final int CLIENTS = 16;
    private static final int ROWS = 100;
    private static final String SUCCESS = "Reload config success";

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/topology");

    private final Map<String, String> original = new HashMap<>();

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
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db), "CREATE TABLE t2 (id INT PRIMARY KEY)");
        }
    }

    @BeforeEach
    void keepTheFiles() throws IOException {
        for (String file : List.of("server.xml", "schema.xml", "rule.xml")) {
            original.put(file, Files.readString(conf(file)));
        }
    }

    @AfterEach
    void putTheFilesBack() throws Exception {
        for (Map.Entry<String, String> file : original.entrySet()) {
            Files.writeString(conf(file.getKey()), file.getValue());
        }
        admin("reload @@config_all");
    }

    @Test
    void aTableAddedToSchemaXmlIsServedAfterReloadAndGoneAfterRollback() throws Exception {
        assertThatThrownBy(() -> count("t2")).isInstanceOf(SQLException.class).hasMessageContaining("t2");
        long loadedAtStart = reloadTime();

        edit("schema.xml", "<table name=\"t\" dataNode=\"dn1,dn2\" rule=\"mod2-id\"/>",
                "<table name=\"t\" dataNode=\"dn1,dn2\" rule=\"mod2-id\"/>\n"
                        + "        <table name=\"t2\" dataNode=\"dn1,dn2\" rule=\"mod2-id\"/>");
        assertThat(admin("reload @@config")).isEqualTo(1);
        assertThat(count("t2")).isZero();
        assertThat(reloadTime()).isGreaterThan(loadedAtStart);

        assertThat(admin("rollback @@config")).isEqualTo(1);
        assertThatThrownBy(() -> count("t2")).isInstanceOf(SQLException.class).hasMessageContaining("t2");
        assertThat(AdminRows.of(tessera.adminPort(), "show @@server").get(0).get("ROLLBACK_TIME")).isNotEqualTo("-1");
        assertThatThrownBy(() -> admin("rollback @@config")).isInstanceOf(SQLException.class)
                .hasMessageContaining("no reload to roll back");
        assertThat(count("t")).isEqualTo(ROWS);
    }

    @Test
    void aReloadThatCannotWorkIsRefusedWithTheReasonAndChangesNothing() throws Exception {
        long loaded = reloadTime();

        Files.writeString(conf("schema.xml"), original.get("schema.xml").replace("</mycat:schema>", ""));
        refused("reload @@config", "schema.xml");

        Files.writeString(conf("schema.xml"), original.get("schema.xml"));
        edit("schema.xml", "rule=\"mod2-id\"", "rule=\"no-such-rule\"");
        refused("reload @@config", "no-such-rule");

        Files.writeString(conf("schema.xml"), original.get("schema.xml"));
        edit("schema.xml", "dataNode=\"dn1,dn2\"", "dataNode=\"dn1,dn3\"");
        edit("schema.xml", "<dataNode name=\"dn2\"", "<dataNode name=\"dn3\" dataHost=\"host2\" database=\""
                + tessera.database("db2") + "\"/>\n    <dataNode name=\"dn2\"");
        refused("reload @@config", "dataNode \"dn3\": not a data node of the configuration in force");

        Files.writeString(conf("schema.xml"), original.get("schema.xml"));
        int closed = closedPort();
        String schema = original.get("schema.xml");
        int host2 = schema.indexOf("<dataHost name=\"host2\"");
        Files.writeString(conf("schema.xml"), schema.substring(0, host2)
                + schema.substring(host2).replaceFirst("url=\"[^\"]+\"", "url=\"127.0.0.1:" + closed + "\""));
        refused("reload @@config_all", "data host host2: cannot reach its writeHost hostM2");

        assertThat(reloadTime()).isEqualTo(loaded);
        assertThat(count("t")).isEqualTo(ROWS);
        assertThat(AdminRows.of(tessera.adminPort(), "show @@datasource")).extracting(row -> row.get("PORT"))
                .doesNotContain(String.valueOf(closed));
    }

    @Test
    void reloadUserLetsANewUserInOnBothPortsAndMovesTheManagerRight() throws Exception {
        edit("server.xml", "<user name=\"test\">", "<user name=\"ops\">\n        <property name=\"password\">"
                + "ops-pw</property>\n        <property name=\"schemas\">TOPODB</property>\n        <property"
                + " name=\"manager\">true</property>\n    </user>\n    <user name=\"test\">");
        assertThatThrownBy(() -> tessera.connect("TOPODB", "ops", "ops-pw").close())
                .hasMessageContaining("Access denied");

        assertThat(admin("reload @@user")).isEqualTo(1);
        try (Connection c = tessera.connect("TOPODB", "ops", "ops-pw"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(ROWS);
        }
        try (Connection admin = DriverManager.getConnection(adminUrl(), "ops", "ops-pw")) {
            assertThat(admin.isValid(5)).isTrue();
        }
        assertThatThrownBy(() -> admin("reload @@user")).as("test is no manager now that ops is")
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1227));
        Files.writeString(conf("server.xml"), original.get("server.xml"));
        try (Connection admin = DriverManager.getConnection(adminUrl(), "ops", "ops-pw");
                Statement s = admin.createStatement()) {
            assertThat(s.executeUpdate("reload @@user")).isEqualTo(1);
        }
    }

    @Test
    void reloadsUnderSixteenBusyClientsCostNoStatement() throws Exception {
        BusyClients clients = BusyClients.start(tessera, "TOPODB", CLIENTS, ROWS);
        String schema = original.get("schema.xml");
        int host2 = schema.indexOf("<dataHost name=\"host2\"");
        for (int reload = 1; reload <= 6; reload++) {
            Thread.sleep(300);
            // host2 changed: config_all replaces its pool, which drains; config keeps the data hosts
            Files.writeString(conf("schema.xml"), schema.substring(0, host2) + schema.substring(host2)
                    .replaceFirst("maxCon=\"\\d+\"", "maxCon=\"" + (40 + reload) + "\""));
            assertThat(admin(reload % 2 == 0 ? "reload @@config" : "reload @@config_all")).isEqualTo(1);
        }
        Thread.sleep(300);
        long statements = clients.stop();
        LOG.warn("ReloadConfigIT: " + statements + " statements from " + CLIENTS
                + " clients across 6 reloads, " + clients.errors().size() + " errors");
        assertThat(clients.errors()).isEmpty();
        assertThat(statements).isGreaterThan(CLIENTS * 6);
        try (Connection c = tessera.connect("TOPODB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT SUM(n) FROM t")) {
            rs.next();
            assertThat(rs.getLong(1)).as("every transfer committed whole").isZero();
        }
        assertThat(AdminRows.of(tessera.adminPort(), "show @@datasource")).filteredOn(r -> r.get("NAME")
                .equals("hostM2")).allSatisfy(r -> assertThat(r.get("SIZE")).isEqualTo("45"));
    }

    private static void refused(String command, String reason) {
        assertThatThrownBy(() -> admin(command)).as(command).isInstanceOf(SQLException.class)
                .hasMessageContaining("reload failed, the configuration in force stays: ")
                .hasMessageContaining(reason);
    }

    private static Path conf(String file) {
        return tessera.confDir().resolve(file);
    }

    private static void edit(String file, String from, String to) throws IOException {
        String text = Files.readString(conf(file));
        assertThat(text).as(file).contains(from);
        Files.writeString(conf(file), text.replace(from, to));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String adminUrl() {
        return "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/?useSSL=false&allowPublicKeyRetrieval=true";
    }

    private static int admin(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }

    private static long reloadTime() throws SQLException {
        return Long.parseLong(AdminRows.of(tessera.adminPort(), "show @@server").get(0).get("RELOAD_TIME"));
    }

    private static long count(String table) throws SQLException {
        try (Connection c = tessera.connect("TOPODB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
