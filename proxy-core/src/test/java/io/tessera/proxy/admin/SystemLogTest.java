package io.tessera.proxy.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.LogEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemLogTest {

    @TempDir
    Path dir;

    @Test
    void readsTheLastEntriesNewestFirstWithTheirStackTraces() throws Exception {
        Path file = dir.resolve("tessera.log");
        Files.writeString(file, """
                2026-11-26 10:00:00.001 WARN  [main] i.t.p.TesseraServer - one
                2026-11-26 10:00:01.002 ERROR [loop-1] i.t.b.Heartbeat - two
                java.io.IOException: boom
                \tat x.y(Z.java:1)
                2026-11-26 10:00:02.003 WARN  [main] i.t.p.TesseraServer - three
                """, StandardCharsets.UTF_8);
        SystemLog log = new SystemLog(() -> Optional.of(file), Runnable::run);

        assertThat(log.last(2).toCompletableFuture().get(5, TimeUnit.SECONDS)).containsExactly(
                new LogEntry("2026-11-26 10:00:02.003", "WARN  [main] i.t.p.TesseraServer - three"),
                new LogEntry("2026-11-26 10:00:01.002",
                        "ERROR [loop-1] i.t.b.Heartbeat - two\njava.io.IOException: boom\n\tat x.y(Z.java:1)"));
        assertThat(log.last(10).toCompletableFuture().get(5, TimeUnit.SECONDS)).hasSize(3);
    }

    @Test
    void readsBackFromTheEndOfABigFileOnlyAsFarAsItNeeds() throws Exception {
        Path file = dir.resolve("big.log");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            text.append(String.format("2026-11-26 10:00:00.000 WARN  [main] x - line %05d%n", i));
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);

        List<LogEntry> last = SystemLog.read(file, 3000);

        assertThat(last).hasSize(3000);
        assertThat(last.get(0).log()).endsWith("line 49999");
        assertThat(last.get(2999).log()).endsWith("line 47000");
    }

    @Test
    void aTextCutInsideTheFileDropsItsPartialFirstLineAndOrphanedContinuations() {
        assertThat(SystemLog.entries("ial line\n\tat a.b(C.java:2)\n2026-11-26 10:00:00 INFO [m] x - ok\n", true))
                .containsExactly(new LogEntry("2026-11-26 10:00:00", "INFO [m] x - ok"));
    }

    @Test
    void noFileNoEntries() throws Exception {
        assertThat(new SystemLog(Optional::empty, Runnable::run).last(5).toCompletableFuture().get()).isEmpty();
        assertThat(SystemLog.read(dir.resolve("missing.log"), 5)).isEmpty();
    }
}
