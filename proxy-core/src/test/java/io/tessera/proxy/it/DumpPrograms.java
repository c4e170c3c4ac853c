package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** mysqldump and the mysql client as a DBA runs them, for the ITs that dump through Tessera and restore. */
final class DumpPrograms {

    /** What mysqldump wrote: the dump, and its standard error. */
    record Dump(String sql, String err) {
    }

    private DumpPrograms() {
    }

    /** mysqldump's (or mariadb-dump's) path, or {@code null} when neither is installed. */
    static String mysqldump() {
        return List.of("mysqldump", "mariadb-dump").stream().map(DumpPrograms::onPath).filter(p -> p != null)
                .findFirst().orElse(null);
    }

    /** Runs mysqldump's {@code command}, which must exit 0. */
    static Dump dump(List<String> command) throws IOException, InterruptedException {
        File out = File.createTempFile("mysqldump", ".sql");
        out.deleteOnExit();
        Process p = new ProcessBuilder(command).redirectOutput(out).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        return new Dump(Files.readString(out.toPath(), StandardCharsets.UTF_8), err);
    }

    /** Loads {@code sql} into {@code database} of the data host with the {@code mysql} client, as a restore does. */
    static void load(DataHosts hosts, String database, String sql) throws IOException, InterruptedException {
        String client = List.of("mysql", "mariadb").stream().map(DumpPrograms::onPath).filter(p -> p != null)
                .findFirst().orElseThrow();
        List<String> command = new ArrayList<>(List.of(client, "-h" + hosts.host(), "-P" + hosts.port(),
                "-u" + hosts.user(), database));
        if (!hosts.password().isEmpty()) {
            command.add(3, "-p" + hosts.password());
        }
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
    }

    private static String onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
