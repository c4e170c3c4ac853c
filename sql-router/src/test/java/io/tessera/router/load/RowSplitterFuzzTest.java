package io.tessera.router.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.Fuzz;
import io.tessera.router.SqlFuzz;
import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.LoadDataSyntax;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the LOAD DATA splitter (issue 18): any file, cut into any chunks, gives the same rows and keys as the
 * same file in one piece; a row is never lost, duplicated or split differently because of where a packet ended.
 * Tries and seed: {@link Fuzz}.
 */
class RowSplitterFuzzTest {

    private static final List<String> FORMATS = List.of(
            "",
            " FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' LINES TERMINATED BY '\\r\\n'",
            " FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY ''",
            " FIELDS TERMINATED BY '||' LINES TERMINATED BY '##'",
            " FIELDS TERMINATED BY ',' LINES STARTING BY '>>' TERMINATED BY '\\n'",
            " FIELDS TERMINATED BY ',' LINES STARTING BY 'ab' TERMINATED BY 'ab'",
            " IGNORE 2 LINES",
            " FIELDS TERMINATED BY '\\t' ENCLOSED BY '\\'' ESCAPED BY '#' IGNORE 1 LINES");

    /** Files made mostly of the bytes the formats give meaning to, so that escapes and terminators interleave. */
    private static final byte[] FILE_BYTES = {',', '"', '\\', '\r', '\n', '|', '#', '>', 'a', 'b', '\t', '\'', 'N', '1'};

    @Test
    void anyChunkingGivesTheRowsOfTheWholeFile() {
        Fuzz.forAll(c -> {
            byte[] file = SqlFuzz.bytesMostlyFrom(c, FILE_BYTES, 120);
            String sql = "LOAD DATA LOCAL INFILE 'f' INTO TABLE t" + c.oneOf("format", FORMATS);
            int keyField = c.intIn("keyField", -1, 3);
            List<Integer> chunks = c.ints("chunks", 1, 6, 1, 17);
            assertThat(split(sql, keyField, file, chunks)).isEqualTo(split(sql, keyField, file,
                    List.of(file.length + 1)));
        });
    }

    /** Each row as {@code key|row}, the file fed in pieces of the given sizes, over and over. */
    static List<String> split(String sql, int keyField, byte[] file, List<Integer> chunks) {
        RowSplitter splitter = new RowSplitter(LoadDataSyntax.parse(sql, true), keyField, StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>();
        RowSplitter.Rows sink = (bytes, index, length, key) -> rows.add(
                (key == null ? "(none)" : key instanceof SqlValue.Null ? "NULL" : "'" + key.text() + "'") + "|"
                        + new String(bytes, index, length, StandardCharsets.ISO_8859_1));
        int at = 0;
        for (int i = 0; at < file.length; i++) {
            int length = Math.min(chunks.get(i % chunks.size()), file.length - at);
            splitter.feed(file, at, length, sink);
            at += length;
        }
        splitter.finish(sink);
        return rows;
    }
}
