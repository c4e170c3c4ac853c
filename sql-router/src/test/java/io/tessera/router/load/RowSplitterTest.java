package io.tessera.router.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.LoadDataSyntax;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowSplitterTest {

    private static final String CSV = "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ','"
            + " OPTIONALLY ENCLOSED BY '\"' LINES TERMINATED BY '\\r\\n'";

    @Test
    void findsRowsAndTheirKeysWhateverTheChunks() {
        String file = "1,\"a,b\",x\r\n\"2\",\"say \"\"hi\"\"\r\n\",y\r\n3\\,3,z,w\r\n\\N,q,r\r\nNULL,s,t\r\n\"NULL\",u,v";
        List<String> whole = split(CSV, 0, file, file.length());
        assertThat(whole).containsExactly("1|1,\"a,b\",x\r\n", "2|\"2\",\"say \"\"hi\"\"\r\n\",y\r\n",
                "3,3|3\\,3,z,w\r\n", "NULL|\\N,q,r\r\n", "NULL|NULL,s,t\r\n", "'NULL'|\"NULL\",u,v");
        for (int chunk = 1; chunk < 7; chunk++) {
            assertThat(split(CSV, 0, file, chunk)).as("chunks of %d bytes", chunk).isEqualTo(whole);
        }
    }

    @Test
    void theKeyMayBeAnyFieldAndEscapesResolve() {
        String sql = "LOAD DATA LOCAL INFILE 'f' INTO TABLE t";
        assertThat(split(sql, 1, "a\tk\\t1\tc\nb\t\\N\n", 3)).containsExactly("k\t1|a\tk\\t1\tc\n",
                "NULL|b\t\\N\n");
        assertThat(split(sql, 2, "a\tb\n", 2)).containsExactly("(none)|a\tb\n");
    }

    @Test
    void ignoredLinesAndLinePrefixesAreSkipped() {
        String sql = "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ',' LINES STARTING BY '>>'"
                + " IGNORE 1 LINES";
        assertThat(split(sql, 0, "header,>>0\njunk>>1,a\nno prefix\n>>2,b\n", 4))
                .containsExactly("1|>>1,a\n", "2|>>2,b\n");
    }

    @Test
    void aRowLongerThanTheBufferGrowsIt() {
        String big = "x".repeat(100_000);
        String file = "1," + big + "\n2," + big + "\n";
        assertThat(split("LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ','", 0, file, 1000))
                .hasSize(2).allMatch(row -> row.length() == big.length() + 5);
    }

    /** Each row as {@code key|row}, the file fed {@code chunk} bytes at a time. */
    private static List<String> split(String sql, int keyField, String file, int chunk) {
        RowSplitter splitter = new RowSplitter(LoadDataSyntax.parse(sql, true), keyField, StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>();
        RowSplitter.Rows sink = (bytes, index, length, key) -> rows.add(
                (key == null ? "(none)" : key instanceof SqlValue.Null ? "NULL" : quoted(key.text())) + "|"
                        + new String(bytes, index, length, StandardCharsets.UTF_8));
        byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at += chunk) {
            splitter.feed(bytes, at, Math.min(chunk, bytes.length - at), sink);
        }
        splitter.finish(sink);
        return rows;
    }

    private static String quoted(String key) {
        return key.equals("NULL") ? "'NULL'" : key;
    }
}
