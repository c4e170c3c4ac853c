package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/tessera} of the distribution {@code mvn package} builds (target/tessera), run as an operator runs it, in
 * a Tessera home of its own: the script, the distribution's lib/ and a copy of its conf/. Whatever a test starts, it
 * stops ({@code bin/tessera stop}, then the processes themselves).
 */
class TesseraScriptIT {

    private static final Path DISTRIBUTION = Path.of(System.getProperty("basedir", "."), "target", "tessera");
    private static final String LOOPBACK = "127.0.0.1";
    /** How long a start that cannot listen may take: a JVM start and a configuration load, on a busy machine. */
    private static final Duration FAILS_WITHIN = Duration.ofSeconds(20);

    @TempDir
    Path home;

    private Path conf;
    private final List<Process> started = new ArrayList<>();

    /** What a command printed and how it ended. */
    private record Run(int exitCode, String output, Duration took) {
    }

    @BeforeEach
    void installInOwnHome() throws IOException {
        Path script = DISTRIBUTION.resolve("bin/tessera");
        Assumptions.assumeTrue(Files.isExecutable(script), "no distribution at " + DISTRIBUTION + ": mvn package");
        Files.createDirectories(home.resolve("bin"));
        Files.copy(script, home.resolve("bin/tessera"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createSymbolicLink(home.resolve("lib"), DISTRIBUTION.resolve("lib").toAbsolutePath());
        copyTree(DISTRIBUTION.resolve("conf"), home.resolve("conf"));
        conf = Files.createDirectories(home.resolve("test-conf"));
        Files.writeString(conf.resolve("jvm.options"), "-Xmx256m\n");
    }

    @AfterEach
    void stopWhateverStarted() throws IOException, InterruptedException {
        if (Files.isExecutable(home.resolve("bin/tessera"))) {
            tessera("stop");
        }
        for (Process process : started) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        Files.deleteIfExists(home.resolve("lib")); // the link only: the temporary directory's clean-up must not follow it
    }

    @Test
    void startFailsWithinSecondsWhenTheClientPortIsTakenAndStatusSaysNotRunning() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            int port = taken.getLocalPort();
            writeConf(port, freePort(), "127.0.0.1:1", "db1", "", "");

            Run start = tessera("start", "--conf", conf.toString());

            assertThat(start.exitCode()).as(start.output()).isEqualTo(1);
            assertThat(start.took()).as(start.output()).isLessThan(FAILS_WITHIN);
            assertThat(start.output()).contains("Tessera exited during start-up")
                    .contains("serverPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ");
        }
        Run status = tessera("status");
        assertThat(status.exitCode()).isEqualTo(3);
        assertThat(status.output()).contains("Tessera is not running");
    }

    @Test
    void startFailsWithinSecondsWhenTheAdminPortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            int port = taken.getLocalPort();
            writeConf(freePort(), port, "127.0.0.1:1", "db1", "", "");

            Run start = tessera("start", "--conf", conf.toString());

            assertThat(start.exitCode()).as(start.output()).isEqualTo(1);
            assertThat(start.took()).as(start.output()).isLessThan(FAILS_WITHIN);
            assertThat(start.output()).contains("managerPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ");
        }
        assertThat(tessera("status").exitCode()).isEqualTo(3);
    }

    @Test
    void startReportsTheReadyLineAndStatusAndStopFindTessera() throws Exception {
        DataHosts hosts = DataHosts.get();
        String database = DataHosts.databaseName(TesseraScriptIT.class, "db1");
        hosts.createDatabase(database);
        try {
            int managerPort = freePort();
            writeConf(freePort(), managerPort, hosts.host() + ":" + hosts.port(), database, "", "");
            rewriteUser(hosts);

            Run start = tessera("start", "--conf", conf.toString());
            assertThat(start.exitCode()).as(start.output()).isZero();
            assertThat(start.output()).containsPattern("Tessera started \\(pid \\d+\\): Tessera .* ready in \\d+ ms: ");
            assertThat(lastLogEntries(managerPort)).as("show @@syslog reads logs/tessera.log")
                    .anyMatch(log -> log.startsWith("WARN") && log.contains("no <user> has <property"));

            Run status = tessera("status");
            assertThat(status.exitCode()).isZero();
            assertThat(status.output()).containsPattern("Tessera is running \\(pid \\d+\\)");

            Run stop = tessera("stop");
            assertThat(stop.output()).containsPattern("Tessera stopped \\(pid \\d+\\)");
            assertThat(tessera("status").exitCode()).isEqualTo(3);
        } finally {
            tessera("stop");
            hosts.dropDatabase(database);
        }
    }

    @Test
    void checkPrintsTheWarningsThatTheServerOnlyLogs() throws Exception {
        int managerPort = freePort();
        writeConf(freePort(), managerPort, "127.0.0.1:1", "db1", "<property name=\"serverPrt\">8067</property>"
                + "<property name=\"sqlExecuteTimeout\">300</property>"
                + "<property name=\"frontWriteQueueSize\">4096</property>", "");

        Run check = tessera("check", "--conf", conf.toString());

        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output().lines()).contains(
                "configuration OK: " + conf + ", with 3 warnings:",
                "warning: server.xml:6: <system><property name=\"serverPrt\">: unknown property; kept as text, not"
                        + " used",
                "warning: server.xml: no <user> has <property name=\"manager\">true</property>: every user may log in"
                        + " to the admin port (managerPort " + managerPort + ") and run its commands, as in MyCat 1.6;"
                        + " mark the users who manage Tessera",
                "warning: server.xml: <system>: <property name=\"frontWriteQueueSize\">4096</property> has no effect"
                        + " yet: a client's pending output is bounded by Netty's write water marks (256 KiB to 1 MiB)");
        assertThat(check.output()).doesNotContain("sqlExecuteTimeout"); // honoured: no warning
    }

    @Test
    void encryptPrintsWhatMycatsDecryptUtilPrintsAndCheckDecryptsIt() throws Exception {
        // "1:hostM1:root:123456" as MyCat's DecryptUtil.main prints it
        Run host = tessera("encrypt", "host", "hostM1", "root", "123456");
        assertThat(host.exitCode()).as(host.output()).isZero();
        assertThat(host.output()).isEqualTo("BpkNIjF7LfzS1C76HT7B1bJgmGIDtPihqIvHBlC92L1IFqsMfoJEMk1EkxSzjasWB4GWoUcODY"
                + "O4AaJstdAp5w==\n");

        Run user = tesseraWithInput("s3cret\n", "encrypt", "user", "test"); // the password from standard input
        assertThat(user.exitCode()).as(user.output()).isZero();
        String encrypted = user.output().strip();
        writeConf(freePort(), freePort(), "127.0.0.1:1", "db1", "", "");
        Path server = conf.resolve("server.xml");
        Files.writeString(server, Files.readString(server).replace("<property name=\"password\">test</property>",
                "<property name=\"password\">" + encrypted + "</property>"
                        + "<property name=\"usingDecrypt\">1</property>"));
        Run check = tessera("check", "--conf", conf.toString());
        assertThat(check.exitCode()).as(check.output()).isZero();

        Run colon = tessera("encrypt", "user", "test", "pa:ss");
        assertThat(colon.exitCode()).isEqualTo(1);
        assertThat(colon.output()).isEqualTo("tessera encrypt: the password contains ':', which MyCat 1.6 cannot"
                + " decrypt\n");
        assertThat(tessera("encrypt", "user").exitCode()).isEqualTo(2);
    }

    @Test
    void statusRecognisesARunningDemoAndStopStopsIt() throws Exception {
        Process demo = background("demo", "--port", "0", "--admin-port", "0");
        assertThat(awaitOutput(demo, "Tessera demo is running", Duration.ofSeconds(90)))
                .as("the demo did not start").isTrue();

        Run status = tessera("status");
        assertThat(status.exitCode()).as(status.output()).isZero();
        assertThat(status.output()).containsPattern("Tessera demo is running \\(pid \\d+\\)");

        Run stop = tessera("stop");
        assertThat(stop.output()).containsPattern("Tessera demo stopped \\(pid \\d+\\)");
        assertThat(demo.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(tessera("status").exitCode()).isEqualTo(3);
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    @Test
    void zkPushChecksAndPushesAndANodeWithOnlyItsMyidStartsOnTheClustersConfiguration() throws Exception {
        DataHosts hosts = DataHosts.get();
        String database = DataHosts.databaseName(TesseraScriptIT.class, "zk");
        hosts.createDatabase(database);
        try (TestingServer zookeeper = new TestingServer(true)) {
            int managerPort = freePort();
            writeConf(freePort(), managerPort, hosts.host() + ":" + hosts.port(), database, "", "");
            rewriteUser(hosts);
            String myid = "loadZk=true\nzkURL=" + zookeeper.getConnectString() + "\nclusterId=script-it\nmyid=%s\n";
            Files.writeString(conf.resolve("myid.properties"), myid.formatted("n1"));
            Path broken = Files.createDirectories(home.resolve("broken-conf"));
            copyTree(conf, broken);
            Files.writeString(broken.resolve("schema.xml"), Files.readString(broken.resolve("schema.xml"))
                    .replace("dataHost=\"host1\"", "dataHost=\"host9\""));

            Run refused = tessera("zk-push", "--conf", broken.toString());
            assertThat(refused.exitCode()).as(refused.output()).isEqualTo(1);
            assertThat(refused.output()).contains("host9").contains("zk-push: nothing pushed");
            Run pushed = tessera("zk-push", "--conf", conf.toString());
            assertThat(pushed.exitCode()).as(pushed.output()).isZero();
            assertThat(pushed.output()).contains("configuration OK: " + conf)
                    .contains("pushed " + conf + " to cluster script-it at " + zookeeper.getConnectString()
                            + " as configuration version 1");

            Path node = Files.createDirectories(home.resolve("node-conf"));
            Files.writeString(node.resolve("myid.properties"), myid.formatted("n2"));
            Run start = tessera("start", "--conf", node.toString());
            assertThat(start.exitCode()).as(start.output()).isZero();
            assertThat(Files.readString(node.resolve("schema.xml"))).contains(database);
            assertThat(Files.readString(node.resolve(".cluster-version"))).isEqualTo("1");
            String url = "jdbc:mysql://" + LOOPBACK + ":" + managerPort + "/?useSSL=false&allowPublicKeyRetrieval=true";
            try (Connection c = DriverManager.getConnection(url, "test", "test"); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("show @@cluster")) {
                assertThat(rs.next()).isTrue();
                assertThat(List.of(rs.getString("MYID"), rs.getString("STATE"), rs.getString("CONFIG_VERSION"),
                        rs.getString("SELF"))).containsExactly("n2", "UP", "1", "YES");
                assertThat(rs.next()).isFalse();
            }
            Run check = tessera("check", "--conf", node.toString());
            assertThat(check.output()).contains("cluster mode (myid.properties): node n2 of cluster script-it");
        } finally {
            tessera("stop");
            hosts.dropDatabase(database);
        }
    }

    /**
     * A configuration on the given ports with one data host whose write host is {@code backend}; {@code system} goes
     * into {@code <system>} on line 6 of server.xml, {@code hosts} after the write host.
     */
    private void writeConf(int serverPort, int managerPort, String backend, String database, String system,
            String hosts) throws IOException {
        Files.writeString(conf.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <system>
                        <property name="serverPort">%d</property>
                        <property name="managerPort">%d</property>
                        %s
                        <property name="bindIp">127.0.0.1</property>
                    </system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                </mycat:server>
                """.formatted(serverPort, managerPort, system));
        Files.writeString(conf.resolve("schema.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="%s"/>
                    <dataHost name="host1" maxCon="4" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="%s" user="root" password=""/>
                        %s
                    </dataHost>
                </mycat:schema>
                """.formatted(database, backend, hosts));
        Files.writeString(conf.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/">
                </mycat:rule>
                """);
    }

    /**
     * What {@code show @@syslog limit=20} answers on the admin port, LOG column, newest first; waits up to 10 s for
     * the asynchronous logger to have written something.
     */
    private static List<String> lastLogEntries(int managerPort) throws Exception {
        String url = "jdbc:mysql://" + LOOPBACK + ":" + managerPort + "/?useSSL=false&allowPublicKeyRetrieval=true";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> logs = new ArrayList<>();
        while (logs.isEmpty() && System.nanoTime() < deadline) {
            try (Connection c = DriverManager.getConnection(url, "test", "test"); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("show @@syslog limit=20")) {
                while (rs.next()) {
                    assertThat(rs.getString("DATE")).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}");
                    logs.add(rs.getString("LOG"));
                }
            }
            if (logs.isEmpty()) {
                Thread.sleep(100);
            }
        }
        return logs;
    }

    /** The data host's own user and password, in place of root without one. */
    private void rewriteUser(DataHosts hosts) throws IOException {
        Path schema = conf.resolve("schema.xml");
        Files.writeString(schema, Files.readString(schema).replace("user=\"root\" password=\"\"",
                "user=\"" + hosts.user() + "\" password=\"" + hosts.password() + "\""));
    }

    /** Runs {@code bin/tessera} with these arguments to its end. */
    private Run tessera(String... args) throws IOException, InterruptedException {
        return tesseraWithInput("", args);
    }

    /** Runs {@code bin/tessera} with these arguments and {@code input} on its standard input to its end. */
    private Run tesseraWithInput(String input, String... args) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = command(args).redirectErrorStream(true).start();
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        byte[] output;
        try (InputStream in = process.getInputStream()) {
            output = in.readAllBytes(); // ends when the script and what it left in the background close the pipe
        }
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("bin/tessera " + String.join(" ", args) + " did not end");
        }
        return new Run(process.exitValue(), new String(output, StandardCharsets.UTF_8),
                Duration.ofNanos(System.nanoTime() - start));
    }

    /** Starts {@code bin/tessera} with these arguments in the background; stopped after the test. */
    private Process background(String... args) throws IOException {
        Path output = home.resolve("background-" + started.size() + ".out");
        Process process = command(args).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        started.add(process);
        return process;
    }

    private boolean awaitOutput(Process process, String text, Duration timeout) throws Exception {
        Path output = home.resolve("background-" + started.indexOf(process) + ".out");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.readString(output).contains(text)) {
                return true;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("exited " + process.exitValue() + ":\n" + Files.readString(output));
            }
            Thread.sleep(100);
        }
        return false;
    }

    private ProcessBuilder command(String... args) {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/tessera").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("TESSERA_CONF");
        builder.environment().remove("TESSERA_JAVA_OPTS");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return builder;
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return probe.getLocalPort();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
