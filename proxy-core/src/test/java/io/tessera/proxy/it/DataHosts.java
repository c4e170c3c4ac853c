package io.tessera.proxy.it;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mysql.MySQLContainer;

/**
 * The MySQL-compatible server that the integration tests use as their data host, chosen once per test JVM by the
 * system property {@value #BACKEND_PROPERTY} ({@code mvn verify -Dtessera.it.backend=embedded}):
 *
 * <ul>
 *   <li>{@code auto} (the default): the local server on 127.0.0.1:3306 (root, empty password) when it accepts a
 *       login within one second, otherwise an {@link EmbeddedMariaDb};
 *   <li>{@code local}: the local server, and nothing else;
 *   <li>{@code embedded}: an {@link EmbeddedMariaDb} on a free port;
 *   <li>{@code testcontainers}: MySQL {@value #MYSQL_IMAGE} in a container; the tests are skipped (a JUnit
 *       assumption) when no Docker engine answers.
 * </ul>
 *
 * <p>Tests share it, so each test class works in databases of its own: {@link #databaseName} derives them from the
 * class. Whatever this class started (embedded servers, the container) stops when the test JVM exits.
 */
final class DataHosts {

    private static final Logger LOG = LogManager.getLogger(DataHosts.class);

    /** The system property that chooses the backend. */
    public static final String BACKEND_PROPERTY = "tessera.it.backend";
    /** The container image of the {@code testcontainers} backend. */
    public static final String MYSQL_IMAGE = "mysql:8.4";

    private static final String LOCAL_HOST = "127.0.0.1";
    private static final int LOCAL_PORT = 3306;
    private static final int LOCAL_PROBE_TIMEOUT_MILLIS = 1000;
    private static final int MAX_IDENTIFIER_LENGTH = 64;

    private static DataHosts shared;

    private final String description;
    private final String host;
    private final int port;
    private final String user;
    private final String password;
    /** Servers this JVM started: the embedded backend, the container, extra instances. Closed at JVM exit. */
    private final List<AutoCloseable> started = new ArrayList<>();

    private DataHosts(String description, String host, int port, String user, String password) {
        this.description = description;
        this.host = host;
        this.port = port;
        this.user = user;
        this.password = password;
    }

    /**
     * The data host of this test JVM, started on first use.
     *
     * @throws org.opentest4j.TestAbortedException when the {@code testcontainers} backend finds no Docker engine
     */
    public static synchronized DataHosts get() {
        if (shared == null) {
            shared = choose(System.getProperty(BACKEND_PROPERTY, "auto").trim().toLowerCase(Locale.ROOT));
            Runtime.getRuntime().addShutdownHook(new Thread(shared::closeStarted, "tessera-it-data-hosts-stop"));
            LOG.warn("integration tests use data host {}", shared);
        }
        return shared;
    }

    private static DataHosts choose(String backend) {
        return switch (backend) {
            case "auto" -> localAnswers() ? local("auto: local server") : embedded("auto: no local server, embedded");
            case "local" -> {
                if (!localAnswers()) {
                    throw new IllegalStateException(BACKEND_PROPERTY + "=local, but no server accepts root (empty"
                            + " password) on " + LOCAL_HOST + ":" + LOCAL_PORT);
                }
                yield local("local server");
            }
            case "embedded" -> embedded("embedded");
            case "testcontainers" -> container();
            default -> throw new IllegalArgumentException(BACKEND_PROPERTY + ": " + backend
                    + " (expected: auto, local, embedded or testcontainers)");
        };
    }

    private static boolean localAnswers() {
        String url = "jdbc:mysql://" + LOCAL_HOST + ":" + LOCAL_PORT + "/?sslMode=DISABLED&connectTimeout="
                + LOCAL_PROBE_TIMEOUT_MILLIS + "&socketTimeout=" + LOCAL_PROBE_TIMEOUT_MILLIS;
        try (Connection connection = DriverManager.getConnection(url, "root", "")) {
            return connection.isValid(LOCAL_PROBE_TIMEOUT_MILLIS / 1000);
        } catch (SQLException e) {
            return false;
        }
    }

    private static DataHosts local(String description) {
        return new DataHosts(description, LOCAL_HOST, LOCAL_PORT, "root", "");
    }

    private static DataHosts embedded(String description) {
        EmbeddedMariaDb db = startEmbedded();
        DataHosts hosts = new DataHosts(description + " MariaDB", db.host(), db.port(), db.user(), db.password());
        hosts.started.add(db);
        return hosts;
    }

    private static DataHosts container() {
        Assumptions.assumeTrue(DockerClientFactory.instance().isDockerAvailable(),
                BACKEND_PROPERTY + "=testcontainers, but no Docker engine answers");
        MySQLContainer container = new MySQLContainer(MYSQL_IMAGE).withUsername("root").withPassword("tessera");
        container.start();
        DataHosts hosts = new DataHosts("testcontainers " + MYSQL_IMAGE, container.getHost(),
                container.getMappedPort(MySQLContainer.MYSQL_PORT), container.getUsername(), container.getPassword());
        hosts.started.add(container::stop);
        return hosts;
    }

    private static EmbeddedMariaDb startEmbedded() {
        try {
            return EmbeddedMariaDb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The host name or address of the server. */
    public String host() {
        return host;
    }

    /** Its TCP port. */
    public int port() {
        return port;
    }

    /** A user that may create and drop databases. */
    public String user() {
        return user;
    }

    /** That user's password. */
    public String password() {
        return password;
    }

    /** A JDBC URL (mysql-connector-j) to the server, with {@code database} as the current database or none. */
    public String jdbcUrl(String database) {
        return "jdbc:mysql://" + host + ":" + port + "/" + (database == null ? "" : database)
                + "?sslMode=DISABLED&allowPublicKeyRetrieval=true";
    }

    /** A connection straight to the server, not through Tessera; {@code database} may be {@code null}. */
    public Connection connectDirect(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), user, password);
    }

    /**
     * A connection straight to an extra server ({@link RunningTessera#extraHost}), {@code database} current or none
     * ({@code null}); a server that is down is found out within 2 s.
     */
    static Connection connectDirect(EmbeddedMariaDb server, String database) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://" + server.host() + ":" + server.port() + "/"
                + (database == null ? "" : database) + "?sslMode=DISABLED&allowPublicKeyRetrieval=true"
                + "&connectTimeout=2000", server.user(), server.password());
    }

    /** Runs the statements, in order, on one direct connection without a current database. */
    public void execute(String... sql) throws SQLException {
        executeIn(null, sql);
    }

    /** Runs the statements, in order, on one direct connection to {@code database}. */
    public void executeIn(String database, String... sql) throws SQLException {
        try (Connection connection = connectDirect(database); Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }

    /** Drops the database if it exists and creates it empty (utf8mb4). */
    public void createDatabase(String name) throws SQLException {
        execute("DROP DATABASE IF EXISTS " + quote(name), "CREATE DATABASE " + quote(name)
                + " CHARACTER SET utf8mb4");
    }

    /** Drops the database if it exists. */
    public void dropDatabase(String name) throws SQLException {
        execute("DROP DATABASE IF EXISTS " + quote(name));
    }

    /**
     * A database name of the test class's own, e.g. {@code it_fixturesmokeit_db1} for ({@code FixtureSmokeIT},
     * {@code "db1"}), so that test classes sharing a server never touch each other's data.
     */
    public static String databaseName(Class<?> testClass, String name) {
        String full = ("it_" + testClass.getSimpleName() + "_" + name).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
        if (full.length() <= MAX_IDENTIFIER_LENGTH) {
            return full;
        }
        String hash = Integer.toHexString(full.hashCode());
        return full.substring(0, MAX_IDENTIFIER_LENGTH - hash.length() - 1) + "_" + hash;
    }

    /**
     * Starts another MariaDB server on a free port, for tests with several data hosts. Close it when done; this
     * class also stops it when the test JVM exits.
     */
    public EmbeddedMariaDb startExtraInstance() throws IOException {
        return startExtraInstance(List.of());
    }

    /** The same, with {@code mariadbd} options of the test's own, e.g. {@code --log-bin} for a primary. */
    public EmbeddedMariaDb startExtraInstance(List<String> serverOptions) throws IOException {
        EmbeddedMariaDb db = EmbeddedMariaDb.start(0, serverOptions);
        synchronized (this) {
            started.add(db);
        }
        return db;
    }

    private synchronized void closeStarted() {
        for (int i = started.size() - 1; i >= 0; i--) {
            try {
                started.get(i).close();
            } catch (Exception e) {
                LOG.warn("could not stop a data host", e);
            }
        }
        started.clear();
    }

    static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    @Override
    public String toString() {
        return description + " " + host + ":" + port + " (user " + user + ")";
    }
}
