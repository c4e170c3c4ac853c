package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sequenceHandlerType 0 survives SIGKILL: a process killed while taking ids, and the next one on the same file,
 * never hand out the same id (the block is in the file before its ids are handed out).
 */
@Tag("integration")
class LocalFileSequencesCrashIT {

    /** Enough ids to cross several blocks before the kill. */
    private static final int IDS_BEFORE_KILL = 3_500;

    @TempDir
    Path dir;

    @Test
    void aProcessKilledMidRunAndItsSuccessorNeverShareAnId() throws Exception {
        Path file = Files.writeString(dir.resolve(LocalFileSequences.FILE),
                "GLOBAL.HISIDS=\nGLOBAL.MINID=1\nGLOBAL.MAXID=1000000000\nGLOBAL.CURID=0\n");

        List<Long> first = runAndKill(file);
        List<Long> second = runAndKill(file);

        assertThat(first).hasSizeGreaterThanOrEqualTo(IDS_BEFORE_KILL).doesNotHaveDuplicates();
        assertThat(second).hasSizeGreaterThanOrEqualTo(IDS_BEFORE_KILL).doesNotHaveDuplicates();
        assertThat(second).doesNotContainAnyElementsOf(first);
        assertThat(second.get(0)).isGreaterThan(first.get(first.size() - 1));
    }

    /** Starts a child, kills it with SIGKILL once it printed {@link #IDS_BEFORE_KILL} ids; every id it printed. */
    private static List<Long> runAndKill(Path file) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LocalFileSequencesChild.class.getName(),
                file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<Long> ids = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                ids.add(Long.parseLong(line));
                if (ids.size() == IDS_BEFORE_KILL) {
                    // SIGKILL (no shutdown hook, nothing flushed); through the handle, which unlike Process's own
                    // destroyForcibly() leaves stdout open, so the ids already in the pipe are still read
                    child.toHandle().destroyForcibly();
                }
            }
        } finally {
            child.destroyForcibly().waitFor();
        }
        return ids;
    }
}
