package io.tessera.proxy.it;

import io.tessera.backend.fake.TcpRelay;
import io.tessera.mariadb.EmbeddedMariaDb;
import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.sequence.Sequences;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Tessera started in-process for the tests of one class, from a configuration template in the test resources.
 *
 * <pre>
 * &#64;RegisterExtension
 * static RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");
 * </pre>
 *
 * <p>Before the class's tests it copies the template directory, replacing these placeholders:
 *
 * <ul>
 *   <li>{@code ${host}}, {@code ${port}}, {@code ${user}}, {@code ${password}}: the {@link DataHosts} server;
 *   <li>{@code ${host2}}, {@code ${port2}}, {@code ${user2}}, {@code ${password2}}, then {@code 3}...: the extra
 *       MariaDB servers asked for with {@link #withExtraHosts};
 *   <li>{@code ${db1}}, {@code ${db2}}, {@code ${dbOrders}}... (any name that starts with {@code db}): a database
 *       name of the test class's own ({@link DataHosts#databaseName}), created empty on every data host.
 *   <li>{@code ${relayPort}}: with {@link #withRelay}, a {@link TcpRelay} to the {@link DataHosts} server, which a
 *       test cuts to make that data host go away ({@link #relay()}).
 *   <li>{@code ${metricsPort}}: a port free when the class starts, for server.xml's {@code metricsPort} (whose 0
 *       means no endpoint rather than any free port); {@link TesseraServer#metricsPort()} tells it.
 *   <li>{@code ${serverPort}}: likewise, for a server port that stays the same across {@link #killAndRestart}.
 * </ul>
 *
 * <p>Then it starts {@link TesseraServer} on it. Templates set {@code serverPort} and {@code managerPort} to 0, so
 * the server takes free ports ({@link #port()}, {@link #adminPort()}), and {@code bindIp} to 127.0.0.1. After the
 * class's tests it stops the server and the extra servers and drops the databases. Register it in a
 * {@code static} field: it starts once per class.
 *
 * <p>{@link #inOwnJvm} starts Tessera as a {@link TesseraProcess} instead, for tests that need its own heap limit.
 */
final class RunningTessera implements BeforeAllCallback, AfterAllCallback {

    /** The user that the templates give access to the test schemas. */
    public static final String USER = "test";
    /** Its password. */
    public static final String PASSWORD = "test";

    private static final String HOST = "127.0.0.1";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");
    private static final String DATABASE_PREFIX = "db";

    private final String template;
    /** The {@code mariadbd} options of each extra server, one list per server. */
    private final List<List<String>> extraHostOptions;
    /** {@code null}: Tessera runs in the test JVM. */
    private final List<String> jvmOptions;
    private final boolean withRelay;
    /** {@code null}: those {@link TesseraServer#start(io.tessera.proxy.config.TesseraConfig)} makes. */
    private final Sequences sequences;
    /** Writes files into the rendered conf directory before the start; {@code null}: none. */
    private final ConfFiles confFiles;

    private DataHosts dataHosts;
    private final List<EmbeddedMariaDb> extraHosts = new ArrayList<>();
    private TcpRelay relay;
    private final Map<String, String> databases = new LinkedHashMap<>();
    private Path home;
    private Path confDir;
    private TesseraServer server;
    private TesseraProcess process;

    private RunningTessera(String template, List<List<String>> extraHostOptions, List<String> jvmOptions,
            boolean withRelay, Sequences sequences, ConfFiles confFiles) {
        this.template = template;
        this.extraHostOptions = List.copyOf(extraHostOptions);
        this.jvmOptions = jvmOptions;
        this.withRelay = withRelay;
        this.sequences = sequences;
        this.confFiles = confFiles;
    }

    /**
     * A Tessera configured from a template directory on the test class path.
     *
     * @param template the resource path of the directory, e.g. {@code "it/conf/single-node"}
     */
    public static RunningTessera withConf(String template) {
        return new RunningTessera(template, List.of(), null, false, null, null);
    }

    /** The same, with {@code count} extra MariaDB servers ({@code ${host2}}, {@code ${port2}}...). */
    public RunningTessera withExtraHosts(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 0)");
        }
        return new RunningTessera(template, Collections.nCopies(count, List.of()), jvmOptions, withRelay,
                sequences, confFiles);
    }

    /**
     * The same, with one extra MariaDB server per element of {@code serverOptions}, started with those
     * {@code mariadbd} options (e.g. {@code --server-id=1}, {@code --log-bin} for a replication primary).
     */
    public RunningTessera withExtraHostOptions(List<List<String>> serverOptions) {
        return new RunningTessera(template, serverOptions, jvmOptions, withRelay, sequences, confFiles);
    }

    /**
     * The same, with Tessera in a JVM of its own ({@link TesseraProcess}) started with {@code jvmOptions}, e.g.
     * {@code "-Xmx128m"}. {@link #process()} tells whether it still runs.
     */
    public RunningTessera inOwnJvm(String... jvmOptions) {
        if (sequences != null) {
            throw new IllegalStateException("sequences are given in this JVM: Tessera must run in it");
        }
        return new RunningTessera(template, extraHostOptions, List.of(jvmOptions), withRelay, null, confFiles);
    }

    /** The same, with a relay to the data host for {@code ${relayPort}}. */
    public RunningTessera withRelay() {
        return new RunningTessera(template, extraHostOptions, jvmOptions, true, sequences, confFiles);
    }

    /** The same, its statements taking global ids from {@code sequences} (in this JVM, not {@link #inOwnJvm}). */
    public RunningTessera withSequences(Sequences sequences) {
        if (jvmOptions != null) {
            throw new IllegalStateException("Tessera runs in its own JVM: it cannot take sequences from this one");
        }
        return new RunningTessera(template, extraHostOptions, null, withRelay, sequences, confFiles);
    }

    /** The same, {@code files} writing into the conf directory once rendered, before the start (a certificate). */
    public RunningTessera withConfFiles(ConfFiles files) {
        return new RunningTessera(template, extraHostOptions, jvmOptions, withRelay, sequences, files);
    }

    /** Writes files into a conf directory. */
    @FunctionalInterface
    public interface ConfFiles {
        void writeInto(Path confDir) throws Exception;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dataHosts = DataHosts.get();
        for (List<String> options : extraHostOptions) {
            extraHosts.add(dataHosts.startExtraInstance(options));
        }
        Path templateDir = templateDirectory();
        Map<String, String> values = new LinkedHashMap<>();
        addHost(values, "", dataHosts.host(), dataHosts.port(), dataHosts.user(), dataHosts.password());
        for (int i = 0; i < extraHosts.size(); i++) {
            EmbeddedMariaDb extra = extraHosts.get(i);
            addHost(values, Integer.toString(i + 2), extra.host(), extra.port(), extra.user(), extra.password());
        }
        values.put("metricsPort", Integer.toString(freePort()));
        values.put("serverPort", Integer.toString(freePort()));
        if (withRelay) {
            relay = new TcpRelay(dataHosts.port());
            values.put("relayPort", Integer.toString(relay.port()));
        }
        for (String name : databasePlaceholders(templateDir)) {
            String database = DataHosts.databaseName(context.getRequiredTestClass(), name);
            dataHosts.createDatabase(database);
            for (EmbeddedMariaDb extra : extraHosts) {
                extra.createDatabase(database);
            }
            databases.put(name, database);
            values.put(name, database);
        }
        home = Files.createTempDirectory("tessera-it-home-"); // its own home: the XA log goes to home/tmlogs
        confDir = home.resolve("conf");
        render(templateDir, confDir, values);
        if (confFiles != null) {
            confFiles.writeInto(confDir);
        }
        if (jvmOptions == null) {
            server = sequences == null ? TesseraServer.start(ConfigLoader.load(confDir))
                    : TesseraServer.start(ConfigLoader.load(confDir), sequences);
        } else {
            process = TesseraProcess.start(confDir, jvmOptions.toArray(String[]::new));
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (server != null) {
                server.close();
            }
            if (process != null) {
                process.close();
            }
        } finally {
            server = null;
            process = null;
            for (String database : databases.values()) {
                dataHosts.dropDatabase(database);
            }
            databases.clear();
            for (EmbeddedMariaDb extra : extraHosts) {
                extra.close();
            }
            extraHosts.clear();
            if (relay != null) {
                relay.close();
                relay = null;
            }
            if (home != null) {
                EmbeddedMariaDb.deleteRecursively(home);
                home = null;
                confDir = null;
            }
        }
    }

    /** The client port (8066 in production). */
    public int port() {
        return process != null ? process.port() : running().serverPort();
    }

    /** The admin port (9066 in production). */
    public int adminPort() {
        return process != null ? process.adminPort() : running().managerPort();
    }

    /**
     * Kills Tessera's own JVM with SIGKILL (no shutdown hooks, nothing flushed), then starts it again on the same
     * home and configuration with {@code jvmOptions}.
     */
    public void killAndRestart(String... jvmOptions) throws IOException, InterruptedException {
        process().kill();
        restart(jvmOptions);
    }

    /** Starts Tessera's own JVM again, after {@link TesseraProcess#kill}, on the same home and configuration. */
    public void restart(String... jvmOptions) throws IOException, InterruptedException {
        if (process().isAlive()) {
            throw new IllegalStateException("Tessera still runs: kill it first");
        }
        process = TesseraProcess.start(confDir, jvmOptions);
    }

    /** Tessera's own JVM, when started {@link #inOwnJvm}. */
    public TesseraProcess process() {
        if (process == null) {
            throw new IllegalStateException("Tessera does not run in its own JVM: start it with inOwnJvm(...)");
        }
        return process;
    }

    /** A JDBC URL (mysql-connector-j) to Tessera, with {@code schema} as the current schema or none. */
    public String jdbcUrl(String schema) {
        return "jdbc:mysql://" + HOST + ":" + port() + "/" + (schema == null ? "" : schema);
    }

    /** A connection to Tessera as {@value #USER}; {@code schema} may be {@code null}. */
    public Connection connect(String schema) throws SQLException {
        return connect(schema, USER, PASSWORD);
    }

    /** A connection to Tessera as the given user; {@code schema} may be {@code null}. */
    public Connection connect(String schema, String user, String password) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(schema), user, password);
    }

    /** The data host the templates' {@code ${host}:${port}} point at. */
    public DataHosts dataHosts() {
        if (dataHosts == null) {
            throw new IllegalStateException("not started: register RunningTessera in a static field");
        }
        return dataHosts;
    }

    /** The real name of a template's database placeholder: {@code database("db1")} for {@code ${db1}}. */
    public String database(String placeholder) {
        String database = databases.get(placeholder);
        if (database == null) {
            throw new IllegalArgumentException("placeholder: " + placeholder + " (expected one of: "
                    + databases.keySet() + ")");
        }
        return database;
    }

    /** The relay of {@code ${relayPort}}, when started {@link #withRelay}. */
    public TcpRelay relay() {
        if (relay == null) {
            throw new IllegalStateException("no relay: start it with withRelay()");
        }
        return relay;
    }

    /** The extra MariaDB server number {@code n} (2 for {@code ${host2}}...). */
    public EmbeddedMariaDb extraHost(int n) {
        if (n < 2 || n > extraHosts.size() + 1) {
            throw new IllegalArgumentException("n: " + n + " (expected: 2.." + (extraHosts.size() + 1) + ")");
        }
        return extraHosts.get(n - 2);
    }

    /** The Tessera running in this JVM (not one started {@link #inOwnJvm}). */
    public TesseraServer server() {
        return running();
    }

    /** The rendered configuration directory Tessera started from. */
    public Path confDir() {
        return confDir;
    }

    private TesseraServer running() {
        if (server == null) {
            throw new IllegalStateException("Tessera is not running: register RunningTessera in a static field");
        }
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void addHost(Map<String, String> values, String suffix, String host, int port, String user,
            String password) {
        values.put("host" + suffix, host);
        values.put("port" + suffix, Integer.toString(port));
        values.put("user" + suffix, user);
        values.put("password" + suffix, password);
    }

    private Path templateDirectory() throws URISyntaxException {
        URL url = RunningTessera.class.getClassLoader().getResource(template);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalArgumentException("template: " + template
                    + " (expected: a directory on the test class path, e.g. it/conf/single-node)");
        }
        return Path.of(url.toURI());
    }

    private static TreeSet<String> databasePlaceholders(Path templateDir) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        for (Path file : files(templateDir)) {
            Matcher matcher = PLACEHOLDER.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (matcher.find()) {
                if (matcher.group(1).startsWith(DATABASE_PREFIX)) {
                    names.add(matcher.group(1));
                }
            }
        }
        return names;
    }

    private static void render(Path templateDir, Path target, Map<String, String> values) throws IOException {
        for (Path file : files(templateDir)) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Matcher matcher = PLACEHOLDER.matcher(text);
            StringBuilder out = new StringBuilder(text.length());
            while (matcher.find()) {
                String value = values.get(matcher.group(1));
                if (value == null) {
                    throw new IllegalArgumentException(file + ": unknown placeholder ${" + matcher.group(1)
                            + "} (expected one of: " + values.keySet() + ")");
                }
                matcher.appendReplacement(out, Matcher.quoteReplacement(value));
            }
            matcher.appendTail(out);
            Path destination = target.resolve(templateDir.relativize(file).toString());
            Files.createDirectories(destination.getParent());
            Files.writeString(destination, out, StandardCharsets.UTF_8);
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
