package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProjectOperatorTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    /**
     * The rows as the client gets them: MergeExecution writes each frame up to its end ({@link Row#takeFrame}). A
     * cut row keeps the column positions it found before the cut, so its frame is read afresh here.
     */
    private static List<List<String>> written(RowSource source) {
        List<List<String>> rows = new ArrayList<>();
        Row row;
        while ((row = source.next()) != null) {
            rows.add(TestRows.values(new Row(row.takeFrame())));
        }
        return rows;
    }

    @Test
    void cutsTheHiddenColumnsOffTheEndOfEachRow() {
        FakeShard shard = new FakeShard(0).send(alloc.row("1", "a", "utf8mb4_general_ci:A", "x"),
                alloc.row("2", null, null, "y"), alloc.row(null, "", "w", null)).complete();

        assertThat(written(new ProjectOperator(2, new ConcatOperator(List.of(shard))))).containsExactly(
                List.of("1", "a"), Arrays.asList("2", null), Arrays.asList(null, ""));
    }

    @Test
    void theCutRowIsByteForByteTheRowOfTheVisibleColumnsInTheSameBuffer() {
        String longValue = "v".repeat(300);                 // a 3-byte length header before the cut
        Row row = alloc.row("1", longValue, "hidden", "hidden too");
        ByteBuf buffer = row.buffer();
        FakeShard shard = new FakeShard(0).send(row).complete();
        ProjectOperator project = new ProjectOperator(2, new ConcatOperator(List.of(shard)));

        Row cut = project.next();
        Row expected = alloc.row("1", longValue);
        try {
            assertThat(cut.buffer()).isSameAs(buffer);      // nothing copied
            assertThat(ByteBufUtil.getBytes(cut.buffer(), 0, cut.buffer().writerIndex()))
                    .isEqualTo(ByteBufUtil.getBytes(expected.buffer(), 0, expected.buffer().writerIndex()));
        } finally {
            cut.release();
            expected.release();
        }
        assertThat(project.next()).isNull();
        assertThat(project.isDone()).isTrue();
    }

    @Test
    void waitsForItsInputAndEndsWithIt() {
        FakeShard shard = new FakeShard(0);
        ProjectOperator project = new ProjectOperator(1, new ConcatOperator(List.of(shard)));

        assertThat(project.next()).isNull();
        assertThat(project.isDone()).isFalse();
        shard.send(alloc.row("1", "h")).complete();
        assertThat(written(project)).containsExactly(List.of("1"));
        assertThat(project.isDone()).isTrue();
    }
}
