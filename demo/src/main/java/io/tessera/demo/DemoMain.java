package io.tessera.demo;

import io.tessera.mariadb.EmbeddedMariaDb;
import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/tessera demo}: two embedded MariaDB data hosts, Tessera in front of them, and how to connect.
 *
 * <p>It starts the data hosts on free ports, creates database {@code db1} on the first and {@code db2} on the second
 * and fills them from {@code conf/demo/db1.sql} and {@code db2.sql}, writes the demo configuration from the
 * templates in {@code conf/demo/} (see {@link DemoConfiguration}) into {@code $TESSERA_HOME/demo/conf}, starts
 * Tessera on 8066 (admin 9066) and runs until it is interrupted. A shutdown hook then stops Tessera and the data
 * hosts and deletes their data.
 *
 * <pre>
 * DemoMain [--conf DIR] [--port N] [--admin-port N]
 * </pre>
 */
public final class DemoMain {

    private static final String USAGE = "usage: DemoMain [--conf DIR] [--port N] [--admin-port N]";
    private static final int DATA_HOSTS = 2;

    private final Options options;
    /** What is running, newest first: closed in that order. */
    private final Deque<AutoCloseable> running = new ArrayDeque<>();
    private boolean stopping;

    private DemoMain(Options options) {
        this.options = options;
    }

    /** Runs the demo until the JVM is asked to stop (Ctrl-C); exits 1 if it cannot start, 2 on bad arguments. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("demo: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        DemoMain demo = new DemoMain(options);
        Runtime.getRuntime().addShutdownHook(new Thread(demo::stop, "tessera-demo-stop"));
        try {
            demo.start();
        } catch (Exception e) {
            System.err.println("demo: could not start: " + (e.getMessage() != null ? e.getMessage() : e));
            demo.stop();
            System.exit(1);
        }
        Thread.currentThread().join();
    }

    private void start() throws Exception {
        long started = System.nanoTime();
        System.out.println("Starting the Tessera demo...");
        DemoConfiguration templates = new DemoConfiguration(options.conf());

        List<EmbeddedMariaDb> hosts = new ArrayList<>(DATA_HOSTS);
        for (int i = 1; i <= DATA_HOSTS; i++) {
            EmbeddedMariaDb host = track(EmbeddedMariaDb.start());
            String database = "db" + i;
            host.createDatabase(database);
            host.execute(database, templates.seedScript(database));
            hosts.add(host);
            System.out.println("  data host host" + i + ": MariaDB on " + host.host() + ":" + host.port()
                    + ", database " + database);
        }

        Path confDir = confTarget();
        templates.write(confDir, Map.of(
                "host1Port", Integer.toString(hosts.get(0).port()),
                "host2Port", Integer.toString(hosts.get(1).port()),
                "serverPort", Integer.toString(options.port()),
                "managerPort", Integer.toString(options.adminPort())));
        System.out.println("  configuration:   " + confDir);

        TesseraConfig config = ConfigLoader.load(confDir);
        TesseraServer server = track(TesseraServer.start(config));
        long millis = (System.nanoTime() - started) / 1_000_000;
        printHowToConnect(server.serverPort(), server.managerPort(), millis);
    }

    /** $TESSERA_HOME/demo/conf, or a temporary directory (deleted on stop) when there is no TESSERA_HOME. */
    private Path confTarget() throws Exception {
        String home = System.getProperty("tessera.home");
        if (home != null && !home.isBlank()) {
            return Path.of(home, "demo", "conf");
        }
        Path temp = Files.createTempDirectory("tessera-demo-conf-");
        track(() -> EmbeddedMariaDb.deleteRecursively(temp));
        return temp;
    }

    private static void printHowToConnect(int port, int adminPort, long startMillis) {
        System.out.printf(Locale.ROOT, """

                Tessera demo is running (started in %.1f s). Schema TESTDB: company on host1, goods on host2,
                orders sharded by id over both (even ids on host1, odd on host2), currency copied on both.

                Connect with the mysql (or mariadb) client:
                    mysql -h127.0.0.1 -P%d -utest -ptest TESTDB
                    mysql> SELECT * FROM company;
                    mysql> SELECT * FROM orders WHERE id = 7;
                    mysql> EXPLAIN INSERT INTO orders (id, company_id, total, currency) VALUES (21, 1, 9, 'EUR');
                or with JDBC:
                    jdbc:mysql://127.0.0.1:%d/TESTDB?user=test&password=test
                Admin port:
                    mysql -h127.0.0.1 -P%d -uroot -p123456

                Press Ctrl-C to stop (the data hosts and their data go too).
                %n""", startMillis / 1000.0, port, port, adminPort);
    }

    /** Remembers a running resource so that {@link #stop()} closes it; closes it at once when stopping began. */
    private <T extends AutoCloseable> T track(T resource) throws Exception {
        synchronized (this) {
            if (!stopping) {
                running.push(resource);
                return resource;
            }
        }
        resource.close();
        throw new IllegalStateException("stopping");
    }

    private void stop() {
        List<AutoCloseable> toClose;
        synchronized (this) {
            if (stopping) {
                return;
            }
            stopping = true;
            toClose = new ArrayList<>(running);
            running.clear();
        }
        if (!toClose.isEmpty()) {
            System.out.println("Stopping the Tessera demo...");
        }
        for (AutoCloseable resource : toClose) {
            try {
                resource.close();
            } catch (Exception e) {
                System.err.println("demo: could not stop " + resource + ": " + e.getMessage());
            }
        }
    }

    /** The command line. */
    private record Options(Path conf, int port, int adminPort) {

        static Options parse(String[] args) {
            String home = System.getProperty("tessera.home");
            Path conf = home == null || home.isBlank() ? Path.of("conf") : Path.of(home, "conf");
            int port = 8066;
            int adminPort = 9066;
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                String value = args[++i];
                switch (name) {
                    case "--conf" -> conf = Path.of(value);
                    case "--port" -> port = parsePort(name, value);
                    case "--admin-port" -> adminPort = parsePort(name, value);
                    default -> throw new IllegalArgumentException("unknown option: " + name);
                }
            }
            return new Options(conf.toAbsolutePath(), port, adminPort);
        }

        private static int parsePort(String name, String value) {
            try {
                int port = Integer.parseInt(value);
                if (port >= 0 && port <= 65_535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // reported below, with the value
            }
            throw new IllegalArgumentException(name + ": " + value + " (expected: 0..65535)");
        }
    }
}
