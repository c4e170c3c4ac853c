package io.tessera.admin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The admin port over real TCP on 127.0.0.1 (a free port), with the clients DBAs use: mysql-connector-j,
 * mariadb-java-client and, when installed, the {@code mysql} command-line client, whose tables are also written to
 * {@code target/admin-sample-output.txt} for docs/admin.md.
 */
class AdminServerIT {

    private static final String PASSWORD = "s3cret";

    private static EventLoopGroup group;
    private static AdminServer server;
    /** Answers 50 ms after each call, on another thread: every control command here answers asynchronously. */
    private static final FakeActions ACTIONS = FakeActions.later(50);

    @BeforeAll
    static void start() {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        AdminSettings settings = new AdminSettings("127.0.0.1", 0, 1 << 20, 5_000,
                List.of(new AdminUser("root", PASSWORD)));
        server = AdminServer.bind(settings, FakeContext.sample(), ACTIONS, group, NioServerSocketChannel.class);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static String url(String driver, String password, String extra) {
        return "jdbc:" + driver + "://127.0.0.1:" + server.port() + "/?user=root&password=" + password
                + "&useSSL=false&allowPublicKeyRetrieval=true" + extra;
    }

    private static Connection connectorJ() throws SQLException {
        return DriverManager.getConnection(url("mysql", PASSWORD, ""));
    }

    private static List<String> labels(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            labels.add(meta.getColumnLabel(i));
        }
        return labels;
    }

    private static List<List<String>> rows(ResultSet rs) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= columns; i++) {
                row.add(rs.getString(i));
            }
            rows.add(row);
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "show @@help|STATEMENT,DESCRIPTION|50",
            "show @@cluster|MYID,STATE,HOST,PORT,MANAGER_PORT,VERSION,CONFIG_VERSION,CONFIG_ERROR,SELF|2",
            "show @@deadlock|DETECTED,VICTIMS,LAST_DETECT_MILLIS,MAX_DETECT_MILLIS,CHECK_PERIOD_MILLIS|1",
            "show @@version|VERSION|1",
            "show @@server|UPTIME,USED_MEMORY,TOTAL_MEMORY,MAX_MEMORY,RELOAD_TIME,ROLLBACK_TIME,CHARSET,STATUS|1",
            "show @@datasource|DATANODE,NAME,TYPE,HOST,PORT,W/R,ACTIVE,IDLE,SIZE,EXECUTE,READ_LOAD,WRITE_LOAD|6",
            "show @@datasource where datanode = dn1|DATANODE,NAME,TYPE,HOST,PORT,W/R,ACTIVE,IDLE,SIZE,EXECUTE,"
                    + "READ_LOAD,WRITE_LOAD|2",
            "show @@datanode|NAME,DATHOST,INDEX,TYPE,ACTIVE,IDLE,SIZE,EXECUTE,TOTAL_TIME,MAX_TIME,MAX_SQL,"
                    + "RECOVERY_TIME|3",
            "show @@datanode where schema = LOGS|NAME,DATHOST,INDEX,TYPE,ACTIVE,IDLE,SIZE,EXECUTE,TOTAL_TIME,"
                    + "MAX_TIME,MAX_SQL,RECOVERY_TIME|1",
            "show @@heartbeat|NAME,TYPE,HOST,PORT,RS_CODE,RETRY,STATUS,TIMEOUT,EXECUTE_TIME,LAST_ACTIVE_TIME,STOP|4",
            "show @@threadpool|NAME,POOL_SIZE,ACTIVE_COUNT,TASK_QUEUE_SIZE,COMPLETED_TASK,TOTAL_TASK|2",
            "show @@connection|PROCESSOR,ID,HOST,PORT,LOCAL_PORT,USER,SCHEMA,CHARSET,NET_IN,NET_OUT,ALIVE_TIME(S),"
                    + "RECV_BUFFER,SEND_QUEUE,txlevel,autocommit|2",
            "show @@backend|processor,id,mysqlId,host,port,l_port,net_in,net_out,life,closed,borrowed,SEND_QUEUE,"
                    + "schema,charset,txlevel,autocommit,tx_readonly|3",
            "show @@processor|NAME,NET_IN,NET_OUT,REACT_COUNT,R_QUEUE,W_QUEUE,FREE_BUFFER,TOTAL_BUFFER,BU_PERCENT,"
                    + "BU_WARNS,FC_COUNT,BC_COUNT|2",
            "show @@time.current|TIMESTAMP|1",
            "show @@time.startup|TIMESTAMP|1",
    })
    void connectorJReadsMyCatsColumnLabels(String sql, String labels, int rowCount) throws SQLException {
        try (Connection c = connectorJ(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(labels(rs)).containsExactly(labels.split(","));
            assertThat(rows(rs)).hasSize(rowCount);
        }
    }

    @Test
    void connectorJReadsTypedValues() throws SQLException {
        try (Connection c = connectorJ(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("show @@datasource where datanode = dn1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("NAME")).isEqualTo("hostM1");
                assertThat(rs.getInt("PORT")).isEqualTo(3306);
                assertThat(rs.getLong("EXECUTE")).isEqualTo(1234L);
                assertThat(rs.getObject("ACTIVE")).isEqualTo(2);
                assertThat(rs.getObject("EXECUTE")).isEqualTo(1234L);
            }
            try (ResultSet rs = s.executeQuery("show @@datanode")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble("TOTAL_TIME")).isZero();
                assertThat(rs.getLong("RECOVERY_TIME")).isEqualTo(-1L);
            }
            try (ResultSet rs = s.executeQuery("show @@time.startup")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(FakeContext.NOW - 3_723_000);
            }
        }
    }

    @Test
    void controlCommandsAnswerOkWithMyCatsAffectedRowsWhenTheirActionCompletes() throws SQLException {
        try (Connection c = connectorJ(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("kill @@connection 7, 3, 99, x")).isEqualTo(2);
            assertThat(s.executeUpdate("kill @@connection x")).isZero();
            assertThat(s.executeUpdate("offline")).isEqualTo(1);
            assertThat(s.executeUpdate("online")).isEqualTo(1);
            try (ResultSet rs = s.executeQuery("show @@version")) { // the connection goes on after them
                assertThat(rows(rs)).containsExactly(List.of(FakeContext.VERSION));
            }
        }
        assertThat(ACTIONS.calls()).containsSubsequence("kill [7, 3, 99]", "offline", "online");
    }

    @Test
    void wrongPasswordIs1045() {
        assertThatThrownBy(() -> DriverManager.getConnection(url("mysql", "wrong", "")).close())
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1045);
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage()).contains("Access denied for user 'root'@'127.0.0.1'");
                });
    }

    @Test
    void unknownStatementIs1064AndTheConnectionLivesOn() throws SQLException {
        try (Connection c = connectorJ(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("show @@nonsense"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1064);
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).isEqualTo("unknown admin command: show @@nonsense; show @@help lists the commands");
                    });
            assertThat(c.isValid(2)).isTrue(); // COM_PING
            try (ResultSet rs = s.executeQuery("SHOW  @@VERSION ;")) {
                assertThat(rows(rs)).containsExactly(List.of(FakeContext.VERSION));
            }
        }
    }

    @Test
    void connectorJStartingWithCachingSha2IsSwitchedToNativePassword() throws SQLException {
        String url = url("mysql", PASSWORD, "&defaultAuthenticationPlugin=caching_sha2_password");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("show @@version")) {
            assertThat(rows(rs)).containsExactly(List.of(FakeContext.VERSION));
        }
    }

    @Test
    void mariadbConnectorJReadsTheSameLabels() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("mariadb", PASSWORD, ""));
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery("show @@heartbeat")) {
            assertThat(labels(rs)).containsExactly("NAME", "TYPE", "HOST", "PORT", "RS_CODE", "RETRY", "STATUS",
                    "TIMEOUT", "EXECUTE_TIME", "LAST_ACTIVE_TIME", "STOP");
            assertThat(rows(rs)).hasSize(4);
        }
        assertThatThrownBy(() -> DriverManager.getConnection(url("mariadb", "wrong", "")).close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }

    static boolean mysqlClientInstalled() {
        return Files.isExecutable(Path.of("/usr/bin/mysql"));
    }

    @Test
    @EnabledIf("mysqlClientInstalled")
    void mysqlCommandLineClientRunsEveryHelpStatement() throws Exception {
        List<String> statements = List.of("show @@help", "show @@version", "show @@server", "show @@datanode",
                "show @@datanode where schema = LOGS", "show @@datasource", "show @@datasource where datanode = dn1",
                "show @@heartbeat", "show @@threadpool", "show @@connection", "show @@time.current",
                "show @@time.startup", "kill @@connection 7,3", "offline", "online",
                "select @@version_comment limit 1", "show @@nonsense");
        StringBuilder sample = new StringBuilder();
        for (String sql : statements) {
            String out = mysql(sql);
            sample.append("mysql> ").append(sql).append(";\n").append(out).append('\n');
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "admin-sample-output.txt"), sample, StandardCharsets.UTF_8);
        assertThat(sample).contains("| dn1      | hostM1 | mysql | 127.0.0.1 | 3306 | W    |")
                .contains("Tessera Server (monitor)")
                .contains("ERROR 1064 (42000)")
                .contains("Query OK, 2 rows affected");
    }

    /**
     * Runs one statement with the mysql client in table mode (verbose for a statement without rows, so that it prints
     * its "Query OK" line); returns what it printed, stderr included.
     */
    private static String mysql(String sql) throws IOException, InterruptedException {
        boolean rows = sql.startsWith("show") || sql.startsWith("select");
        Process p = new ProcessBuilder("/usr/bin/mysql", "--no-defaults", "-h", "127.0.0.1", "-P",
                Integer.toString(server.port()), "-u", "root", "-p" + PASSWORD, rows ? "--table" : "-vvv",
                "-e", sql)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new UncheckedIOException(new IOException("mysql client did not finish: " + sql));
        }
        return out;
    }
}
