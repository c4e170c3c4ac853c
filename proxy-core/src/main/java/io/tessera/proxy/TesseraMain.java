package io.tessera.proxy;

import io.tessera.proxy.cluster.Cluster;
import io.tessera.proxy.cluster.ClusterMember;
import io.tessera.proxy.config.ClusterSettings;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.sequence.SequencesFactory;
import io.tessera.proxy.topology.ModelMapper;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Command line: {@code run --conf DIR} starts Tessera in the foreground until it is stopped (SIGTERM, Ctrl-C), and
 * exits 1 at once when the configuration is invalid or a port cannot be listened on; {@code check --conf DIR}
 * validates the configuration ({@link CheckCommand}); {@code zk-push --conf DIR} pushes it to the cluster's ZooKeeper
 * ({@link ZkPushCommand}); {@code encrypt ...} prints an encrypted password for
 * {@code usingDecrypt="1"} ({@link EncryptCommand}). {@code bin/tessera} is the usual way in.
 */
public final class TesseraMain {

    private static final Logger LOG = LogManager.getLogger(TesseraMain.class);
    /** How long a starting cluster node waits for ZooKeeper before it starts on conf/ as it is. */
    private static final Duration ZOOKEEPER_WAIT = Duration.ofSeconds(10);

    private TesseraMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        String command = args.length > 0 ? args[0] : "run";
        Path conf = confDir(args);
        switch (command) {
            case "check" -> System.exit(CheckCommand.run(conf, System.out, System.err));
            case "encrypt" -> System.exit(EncryptCommand.run(Arrays.copyOfRange(args, 1, args.length),
                    TesseraMain::readPassword, System.out, System.err));
            case "run" -> run(conf);
            case "zk-push" -> System.exit(ZkPushCommand.run(conf, System.out, System.err));
            default -> {
                System.err.println("usage: TesseraMain run|check|zk-push [--conf DIR] | encrypt ...");
                System.exit(2);
            }
        }
    }

    private static void run(Path conf) throws InterruptedException {
        Cluster cluster;
        try {
            cluster = cluster(conf);
        } catch (ConfigException e) {
            System.err.println("configuration error in " + conf.toAbsolutePath() + ":");
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        } catch (RuntimeException e) {
            exitBecauseNotStarted(e);
            return;
        }
        TesseraConfig config;
        try {
            config = ConfigLoader.load(conf);
            ModelMapper.catalog(config); // builds every sharding function: their problems are configuration errors too
            SequencesFactory.check(config); // the sequence handler's file, read again at start
        } catch (ConfigException e) {
            cluster.close();
            System.err.println("configuration error in " + conf.toAbsolutePath() + ":");
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        long started = System.nanoTime();
        TesseraServer server;
        try {
            server = TesseraServer.start(config, cluster);
        } catch (RuntimeException e) {
            exitBecauseNotStarted(e);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            LogManager.shutdown();
            stopped.countDown();
        }, "tessera-shutdown"));
        String ready = "Tessera " + TesseraServer.VERSION + " ready in " + (System.nanoTime() - started) / 1_000_000
                + " ms: MySQL protocol on " + config.system().bindIp() + ":" + server.serverPort() + ", admin on port "
                + server.managerPort();
        LOG.warn(ready); // WARN is the default level: the start-up line must reach the log
        System.out.println(ready);
        stopped.await();
    }

    /**
     * The cluster {@code myid.properties} in {@code conf} names, its configuration version written into {@code conf}
     * (ClusterMember.prepare); a node on its own when there is none.
     */
    private static Cluster cluster(Path conf) throws InterruptedException {
        Optional<ClusterSettings> settings = ClusterSettings.read(conf);
        if (settings.isEmpty()) {
            return Cluster.STANDALONE;
        }
        ClusterMember member = ClusterMember.connect(settings.get(), conf, ZOOKEEPER_WAIT);
        try {
            member.prepare();
            return member;
        } catch (InterruptedException e) {
            member.close();
            throw e;
        } catch (Exception e) {
            member.close();
            throw new IllegalStateException("cannot take cluster " + settings.get().clusterId()
                    + "'s configuration from ZooKeeper: " + e.getMessage(), e);
        }
    }

    /**
     * A start that failed has closed what it opened; the process ends here rather than waiting on threads that some
     * library left behind. A port that cannot be listened on is an operator's matter: its message says it all.
     */
    private static void exitBecauseNotStarted(RuntimeException e) {
        String message = "Tessera could not start: " + e.getMessage();
        if (e instanceof UncheckedIOException) {
            LOG.error(message);
        } else {
            LOG.error(message, e);
        }
        System.err.println(message);
        LogManager.shutdown();
        System.exit(1);
    }

    /** From the terminal without echo, else the first line of standard input; {@code null} when there is none. */
    private static String readPassword() throws IOException {
        Console console = System.console();
        if (console != null) {
            char[] password = console.readPassword("password: ");
            return password == null ? null : new String(password);
        }
        return new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset())).readLine();
    }

    /** {@code --conf DIR}, else {@code $TESSERA_CONF}, else {@code $TESSERA_HOME/conf} (or ./conf). */
    static Path confDir(String[] args) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals("--conf")) {
                return Path.of(args[i + 1]);
            }
        }
        String env = System.getenv("TESSERA_CONF");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        String home = System.getProperty("tessera.home", System.getenv("TESSERA_HOME"));
        return home == null ? Path.of("conf") : Path.of(home, "conf");
    }
}
