package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The {@code mysql} command-line client (.ci/run installs it) connects, queries, shows status and errors. */
@Tag("integration")
class MysqlCliIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    private static String client;

    @BeforeAll
    static void findClient() {
        client = List.of("/usr/bin/mysql", "/usr/bin/mariadb").stream()
                .filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null);
        assumeTrue(client != null, "no mysql client installed");
    }

    @Test
    void runsQueriesAndShowsStatus() throws Exception {
        Result r = run("SELECT 1 + 1 AS two, DATABASE(), @@version_comment; "
                + "CREATE TABLE cli (id INT PRIMARY KEY, name VARCHAR(10)); "
                + "INSERT INTO cli VALUES (1, 'héllo'), (2, NULL); SELECT * FROM cli ORDER BY id; "
                + "SHOW TABLES; SHOW DATABASES; \\s");
        assertThat(r.exit).as(r.err).isZero();
        assertThat(r.out).contains("two\tDATABASE()\t@@version_comment", "2\tTESTDB\tTessera")
                .contains("1\théllo", "2\tNULL")
                .contains("Tables_in_TESTDB", "cli")
                .contains("Database", "TESTDB")
                .contains("Server version:", "-Tessera-")
                .contains("Current database:", "TESTDB");
        run("DROP TABLE cli");
    }

    @Test
    void showsTheErrorAndExitsNonZero() throws Exception {
        Result r = run("SELECT * FROM no_such_table");
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.err).contains("ERROR 1146 (42S02)", "doesn't exist");
    }

    @Test
    void wrongPasswordIsRefused() throws Exception {
        Process p = new ProcessBuilder(client, "-h127.0.0.1", "-P" + tessera.port(), "-utest", "-pnope", "TESTDB",
                "-e", "SELECT 1").start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("ERROR 1045 (28000)");
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(String sql) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(client, "-h127.0.0.1", "-P" + tessera.port(), "-utest", "-ptest",
                "--default-character-set=utf8mb4", "--batch", "TESTDB", "-e", sql).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
