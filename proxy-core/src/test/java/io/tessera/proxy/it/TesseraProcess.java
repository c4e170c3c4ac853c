package io.tessera.proxy.it;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tessera in its own JVM, for tests that need its own heap limit or must kill it: runs {@code TesseraMain run}
 * on a configuration directory with the given JVM options, and waits for its "ready" line to learn the port.
 */
final class TesseraProcess implements AutoCloseable {

    private static final Pattern READY = Pattern.compile(
            "ready in \\d+ ms: MySQL protocol on [^:]+:(\\d+), admin on port (\\d+)");
    /** The last line of {@code jcmd GC.class_histogram}: instances, then their bytes. */
    private static final Pattern HISTOGRAM_TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)");

    private final Process process;
    private final int port;
    private final int adminPort;
    private final List<String> output;
    private final Path logs;

    private TesseraProcess(Process process, int port, int adminPort, List<String> output, Path logs) {
        this.process = process;
        this.port = port;
        this.adminPort = adminPort;
        this.output = output;
        this.logs = logs;
    }

    static TesseraProcess start(Path confDir, String... jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        Path logs = Files.createTempDirectory("tessera-logs-");
        command.addAll(List.of("-Dtessera.logs=" + logs,
                "-cp", System.getProperty("java.class.path"), "io.tessera.proxy.TesseraMain", "run",
                "--conf", confDir.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        int port = -1;
        int adminPort = -1;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String line;
        while (port < 0 && System.nanoTime() < deadline && (line = reader.readLine()) != null) {
            output.add(line);
            Matcher m = READY.matcher(line);
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
                adminPort = Integer.parseInt(m.group(2));
            }
        }
        if (port < 0) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException("Tessera did not start; its output:\n" + String.join("\n", output));
        }
        Thread drain = new Thread(() -> {
            try {
                String more;
                while ((more = reader.readLine()) != null) {
                    output.add(more);
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "tessera-process-output");
        drain.setDaemon(true);
        drain.start();
        return new TesseraProcess(process, port, adminPort, output, logs);
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    int adminPort() {
        return adminPort;
    }

    /** Tessera's resident set (VmRSS in /proc/<pid>/status): heap, direct buffers, thread stacks, code. */
    long residentBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024; // "VmRSS:   123456 kB"
            }
        }
        throw new IllegalStateException("no VmRSS for process " + pid());
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    /** SIGKILL, as {@code kill -9}: the JVM stops where it is. */
    void kill() throws InterruptedException, IOException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("Tessera did not die within 30 s of SIGKILL");
        }
        EmbeddedMariaDb.deleteRecursively(logs);
    }

    /**
     * The bytes of live objects on Tessera's heap: {@code jcmd <pid> GC.class_histogram}, which runs a full GC first
     * and ends with a "Total instances bytes" line, so garbage not yet collected does not count.
     */
    long liveHeapBytes() throws IOException, InterruptedException {
        String histogram = jcmd("GC.class_histogram");
        Matcher total = HISTOGRAM_TOTAL.matcher(histogram);
        if (!total.find()) {
            throw new IllegalStateException("jcmd GC.class_histogram gave no total:\n" + histogram);
        }
        return Long.parseLong(total.group(1));
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(process.pid()), command).redirectErrorStream(true).start();
        String printed = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (jcmd.waitFor() != 0) {
            throw new IllegalStateException("jcmd " + command + " failed: " + printed);
        }
        return printed;
    }

    /** Waits until Tessera has printed a line containing {@code text}; false after {@code seconds}. */
    boolean awaitOutput(String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (output().contains(text)) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    @Override
    public void close() throws InterruptedException, IOException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        EmbeddedMariaDb.deleteRecursively(logs);
    }
}
