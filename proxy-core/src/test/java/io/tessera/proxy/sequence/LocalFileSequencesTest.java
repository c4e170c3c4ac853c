package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFileSequencesTest {

    private static final String SAMPLE = """
            #default global sequence
            GLOBAL.HISIDS=
            GLOBAL.MINID=10001
            GLOBAL.MAXID=20000
            GLOBAL.CURID=10000

            # self define sequence
            COMPANY.HISIDS=1-1000
            COMPANY.MINID=1001
            COMPANY.MAXID=1010
            COMPANY.CURID=1000
            """;

    @TempDir
    Path dir;

    private final ExecutorService blocking = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        blocking.shutdownNow();
    }

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve(LocalFileSequences.FILE), text);
    }

    private LocalFileSequences open(Path file) {
        return LocalFileSequences.open(file, true, blocking, LocalFileSequences.BLOCK_SIZE);
    }

    @Test
    void reservesABlockInTheFileBeforeHandingOutItsIds() throws IOException {
        Path file = file(SAMPLE);
        LocalFileSequences sequences = open(file);

        assertThat(sequences.next("global", 1).join()).isEqualTo(10001L);
        assertThat(Files.readString(file)).contains("GLOBAL.CURID=11000\n").contains("COMPANY.CURID=1000\n")
                .startsWith("#default global sequence\nGLOBAL.HISIDS=\n");
        assertThat(sequences.next("GLOBAL", 3).join()).isEqualTo(10002L);
        assertThat(sequences.next("GLOBAL", 1).join()).isEqualTo(10005L);
        assertThat(Files.readString(file)).contains("GLOBAL.CURID=11000\n");
        assertThat(dir.resolve(LocalFileSequences.FILE + ".tmp")).doesNotExist();
    }

    @Test
    void aRestartContinuesAfterTheReservedBlockLeavingAGap() throws IOException {
        Path file = file(SAMPLE);
        assertThat(open(file).next("GLOBAL", 1).join()).isEqualTo(10001L);

        assertThat(open(file).next("GLOBAL", 1).join()).isEqualTo(11001L);
    }

    @Test
    void aCountLargerThanTheBlockGetsABlockOfThatSize() throws IOException {
        Path file = file(SAMPLE);
        LocalFileSequences sequences = open(file);

        assertThat(sequences.next("GLOBAL", 2500).join()).isEqualTo(10001L);
        assertThat(Files.readString(file)).contains("GLOBAL.CURID=12500\n");
        assertThat(sequences.next("GLOBAL", 1).join()).isEqualTo(12501L);
    }

    @Test
    void runsOutAtMaxidAndHandsOutNothingOfACountThatCrossesIt() throws IOException {
        Path file = file(SAMPLE);
        LocalFileSequences sequences = open(file);

        assertThat(sequences.next("COMPANY", 8).join()).isEqualTo(1001L);   // the block stops at MAXID 1010
        assertThat(Files.readString(file)).contains("COMPANY.CURID=1010\n");
        assertThatThrownBy(() -> sequences.next("COMPANY", 3).join())
                .isInstanceOf(CompletionException.class)
                .cause().isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(4084);
                    assertThat(e).hasMessage("Sequence 'COMPANY' has run out: MAXID 1010 reached (CURID 1010, 3 ids"
                            + " asked); raise COMPANY.MAXID in sequence_conf.properties");
                });
        assertThat(sequences.next("COMPANY", 2).join()).isEqualTo(1009L);   // the two left in memory
        assertThatThrownBy(() -> sequences.next("COMPANY", 1).join()).cause().hasMessageContaining("run out");
    }

    @Test
    void anUnknownNameFailsWith4091() throws IOException {
        LocalFileSequences sequences = open(file(SAMPLE));

        assertThat(sequences.has("company")).isTrue();
        assertThat(sequences.has("ORDERS")).isFalse();
        assertThatThrownBy(() -> sequences.next("ORDERS", 1).join()).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(4091))
                .hasMessage("Unknown SEQUENCE: 'ORDERS'");
    }

    @Test
    void refusesARangeThatOverlapsItsHistoricIds() throws IOException {
        Path file = file(SAMPLE.replace("COMPANY.HISIDS=1-1000", "COMPANY.HISIDS=1-1000, 1005-1100"));

        assertThatThrownBy(() -> open(file)).isInstanceOf(ConfigException.class)
                .hasMessage("sequence_conf.properties: COMPANY.HISIDS: range 1005-1100 overlaps MINID..MAXID"
                        + " 1001..1010 (expected: a new range that ids used before are not in)");
    }

    @Test
    void namesTheFileAndTheKeyOfEveryProblem() throws IOException {
        Path file = file("""
                GLOBAL.MINID=10
                GLOBAL.MAXID=abc
                GLOBAL.CURID=9
                COMPANY.MINID=10
                COMPANY.MAXID=20
                COMPANY.CURID=30
                ORDER.MINID=1
                ORDER.MAXID=2
                ORDER.HISIDS=5
                ORDER.CURID=0
                HOTNEWS.MINID=1
                HOTNEWS.STEP=1
                """);

        assertThatThrownBy(() -> open(file)).isInstanceOfSatisfying(ConfigException.class, e ->
                assertThat(e.problems()).containsExactly(
                        "sequence_conf.properties: GLOBAL.MAXID: value \"abc\" (expected: an integer in 1.."
                                + Long.MAX_VALUE + ")",
                        "sequence_conf.properties: COMPANY.CURID: 30 (expected: MINID - 1 .. MAXID, 9..20)",
                        "sequence_conf.properties: ORDER.HISIDS: range \"5\" (expected: comma-separated a-b, a <= b)",
                        "sequence_conf.properties: HOTNEWS.MAXID: missing",
                        "sequence_conf.properties: HOTNEWS.CURID: missing",
                        "sequence_conf.properties: HOTNEWS.STEP: unknown key (expected: NAME.HISIDS, NAME.MINID,"
                                + " NAME.MAXID or NAME.CURID)"));
    }

    @Test
    void aMissingFileIsAProblemOnlyWhenTheHandlerIsConfigured() {
        Path missing = dir.resolve(LocalFileSequences.FILE);

        assertThatThrownBy(() -> open(missing)).isInstanceOf(ConfigException.class)
                .hasMessage("sequence_conf.properties: no such file (required by sequenceHandlerType)");
        LocalFileSequences none = LocalFileSequences.open(missing, false, blocking, LocalFileSequences.BLOCK_SIZE);
        assertThat(none.has("GLOBAL")).isFalse();
        assertThat(missing).doesNotExist();
    }

    @Test
    void sixteenThreadsTakeDistinctIds() throws Exception {
        Path file = file("GLOBAL.HISIDS=\nGLOBAL.MINID=1\nGLOBAL.MAXID=100000000\nGLOBAL.CURID=0\n");
        LocalFileSequences sequences = open(file);
        Set<Long> ids = ConcurrentIds.take(List.of(sequences), "GLOBAL", 16, 10_000);

        assertThat(ids).hasSize(160_000);
        long curid = Long.parseLong(Files.readString(file).replaceAll("(?s).*GLOBAL.CURID=(\\d+).*", "$1"));
        assertThat(ids.stream().mapToLong(Long::longValue).max().orElseThrow()).isLessThanOrEqualTo(curid);
    }
}
