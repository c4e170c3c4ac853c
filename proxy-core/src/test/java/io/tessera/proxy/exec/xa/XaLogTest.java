package io.tessera.proxy.exec.xa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XaLogTest {

    @TempDir
    Path dir;

    @Test
    void decisionsWithoutDoneSurviveAReopenAndTheFileKeepsOnlyThem() throws IOException {
        Path file = dir.resolve("tmlogs").resolve("tmlog");
        try (XaLog log = XaLog.open(file)) {
            log.commitDecided("g1").join();
            log.commitDecided("g2").join();
            log.done("g1").join();
            assertThat(log.pending()).containsExactly("g2");
            assertThat(log.isPending("g2")).isTrue();
        }
        try (XaLog reopened = XaLog.open(file)) {
            assertThat(reopened.pending()).containsExactly("g2");
        }
        assertThat(Files.readAllLines(file)).containsExactly("C g2");
    }

    @Test
    void aGrowingLogIsRewrittenWithOnlyItsPendingDecisionsAsItRuns() throws IOException {
        Path file = dir.resolve("tmlog");
        try (XaLog log = XaLog.open(file, 200)) {
            log.commitDecided("kept-1").join();
            for (int i = 0; i < 500; i++) {
                log.commitDecided("g" + i).join();
                log.done("g" + i).join();
                assertThat(Files.size(file)).isLessThan(250);
            }
            log.commitDecided("kept-2").join();
            assertThat(log.pending()).containsExactly("kept-1", "kept-2");
        }
        try (XaLog reopened = XaLog.open(file)) {
            assertThat(reopened.pending()).containsExactly("kept-1", "kept-2");
        }
    }

    @Test
    void aLastLineWithoutItsNewlineIsIgnored() throws IOException {
        Path file = dir.resolve("tmlog");
        Files.writeString(file, "C g1\nD g1\nC g2\nC g", StandardCharsets.US_ASCII);
        try (XaLog log = XaLog.open(file)) {
            assertThat(log.pending()).containsExactly("g2"); // "C g" may be "C g2..." cut off: not a decision
        }
        Files.writeString(file, "C g1\nD", StandardCharsets.US_ASCII);
        try (XaLog log = XaLog.open(file)) {
            assertThat(log.pending()).containsExactly("g1");
        }
    }

    @Test
    void xidsTellThisRunFromEarlierOnesAndOtherInstances() {
        Xids xids = new Xids(3, 1000);
        String gtrid = xids.next();
        assertThat(gtrid).startsWith("tessera-3-").endsWith("-1");
        assertThat(xids.isThisRun(gtrid)).isTrue();
        assertThat(new Xids(3, 2000).isThisRun(gtrid)).isFalse();
        assertThat(new Xids(3, 2000).isOurs(gtrid)).isTrue();
        assertThat(new Xids(4, 1000).isOurs(gtrid)).isFalse();
        assertThat(Xids.sql(gtrid, "dn'1")).isEqualTo("'" + gtrid + "','dn''1'," + Xids.FORMAT_ID);
    }
}
