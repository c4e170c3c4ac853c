package io.tessera.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The floor a proxy is measured against: HAProxy in TCP mode with one thread, relaying bytes to the data host
 * without parsing anything (Debian's package {@code haproxy}). Started on a free loopback port for the length of
 * the invocation, and stopped when closed.
 */
final class Relay implements AutoCloseable {

    private static final String CONFIG = """
            global
                nbthread 1
                maxconn 4000
            defaults
                mode tcp
                timeout connect 5s
                timeout client 1h
                timeout server 1h
            listen relay
                bind 127.0.0.1:%d
                server data %s:%d
            """;

    private final Process process;
    private final Path config;
    private final Path log;
    private final int port;

    private Relay(Process process, Path config, Path log, int port) {
        this.process = process;
        this.config = config;
        this.log = log;
        this.port = port;
    }

    /** An HAProxy relaying a free port of 127.0.0.1 to {@code to}'s host and port, once it accepts connections. */
    static Relay start(String haproxy, URI to) throws IOException, InterruptedException {
        int port = freePort();
        Path config = Files.createTempFile("tessera-bench-haproxy-", ".cfg");
        Files.writeString(config, String.format(CONFIG, port, to.getHost(), to.getPort() < 0 ? 3306 : to.getPort()));
        Path log = Files.createTempFile("tessera-bench-haproxy-", ".log");
        Process process = new ProcessBuilder(haproxy, "-f", config.toString(), "-db")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Relay relay = new Relay(process, config, log, port);
        // a bench stopped by a signal runs no finally block: the relay must not outlive it
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroy, "stop-relay"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!relay.accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String output = Files.readString(log).strip();
                relay.close();
                throw new IOException(haproxy + " did not start listening on 127.0.0.1:" + port + ": " + output);
            }
            Thread.sleep(50);
        }
        return relay;
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    private boolean accepts() {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return socket.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(config);
        Files.deleteIfExists(log);
    }
}
