package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs a client script of another language (test resources under {@code clients/}) as a child process with a
 * timeout, and reads what it prints: one {@code name=value} line per fact, then {@code done}. The scripts exit
 * non-zero on any failure; the process is killed if it outlives its timeout.
 */
final class ClientScript {

    private static final Logger LOG = LogManager.getLogger(ClientScript.class);

    private ClientScript() {
    }

    /** What a finished script left: its exit status, its standard output's lines and its standard error. */
    record Result(int exit, List<String> lines, String err) {

        /** The value of each {@code name=value} line, by name, in the order printed. */
        Map<String, String> facts() {
            Map<String, String> facts = new LinkedHashMap<>();
            for (String line : lines) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    facts.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            return facts;
        }

        /** Fails with the script's output unless it exited 0 after printing {@code done}. */
        Result assertSucceeded() {
            assertThat(exit).as("exit status; stdout:%n%s%nstderr:%n%s", String.join("\n", lines), err).isZero();
            assertThat(lines).as("stderr:%n%s", err).endsWith("done");
            return this;
        }
    }

    /** The file of a script in the test resources, e.g. {@code "clients/python_dbapi.py"}. */
    static Path resource(String name) {
        URL url = ClientScript.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("no test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(name + ": " + url, e);
        }
    }

    /** Whether {@code program} (an absolute path) exists and may be run. */
    static boolean executable(String program) {
        return Files.isExecutable(Path.of(program));
    }

    /** The absolute path of {@code program} in a directory of the PATH, or {@code null}. */
    static String onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath().toString();
            }
        }
        return null;
    }

    /** Runs {@code command} in {@code dir}; kills it and fails the test if it takes longer than {@code timeout}. */
    static Result run(Path dir, Duration timeout, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("client-script-", ".out");
        Path err = Files.createTempFile("client-script-", ".err");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + ": still running after " + timeout
                        + "; stdout:\n" + Files.readString(out, StandardCharsets.UTF_8)
                        + "\nstderr:\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            Result result = new Result(p.exitValue(), new ArrayList<>(Files.readAllLines(out, StandardCharsets.UTF_8)),
                    Files.readString(err, StandardCharsets.UTF_8));
            if (result.exit() != 0) {
                LOG.warn("{} exited {}: {}", command[0], result.exit(), result.err());
            }
            return result;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
