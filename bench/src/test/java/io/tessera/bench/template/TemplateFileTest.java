package io.tessera.bench.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TemplateFileTest {

    private static final String TRAVELRECORD = "insert into travelrecord (id,user_id,traveldate,fee,days)"
            + " values(${int(1-10000000)},'${char([a-f,0-9]8:8)}','${date(yyyy-MM-dd-[2014-2015]y)}',${int(10-999)},"
            + "${int(1-30)})";

    @TempDir
    Path dir;

    @Test
    void readsTotalAndSql() throws IOException {
        Path file = write("total=10000\nsql=" + TRAVELRECORD + "\n");
        TemplateFile template = TemplateFile.read(file);
        assertThat(template.total()).isEqualTo(10_000);
        assertThat(template.sql().text()).isEqualTo(TRAVELRECORD);
        assertThat(template.source()).isEqualTo(file);
        assertThat(template.sql().render(new SplittableRandom(1))).matches("insert into travelrecord"
                + " \\(id,user_id,traveldate,fee,days\\)"
                + " values\\(\\d+,'[a-f0-9]{8}','201[45]-\\d\\d-\\d\\d',\\d+,\\d+\\)");
    }

    @Test
    void skipsCommentsAndBlankLinesAndTrimsAroundEquals() throws IOException {
        TemplateFile template = TemplateFile.read(write("# how many\n\n  total = 5 \r\n   # the statement\n"
                + " sql =  select ${int(1-1)}  \n\n"));
        assertThat(template.total()).isEqualTo(5);
        assertThat(template.sql().render(new SplittableRandom(1))).isEqualTo("select 1");
    }

    @Test
    void totalIsZeroWhenNotGiven() throws IOException {
        assertThat(TemplateFile.read(write("sql=select ${int(1-1000000)}")).total()).isZero();
    }

    @Test
    void readsUtf8AndSkipsAByteOrderMark() throws IOException {
        TemplateFile template = TemplateFile.read(write("\uFEFFtotal=1\nsql=select '${enum(北京,上海)}'\n"));
        assertThat(template.sql().render(new SplittableRandom(1))).isIn("select '北京'", "select '上海'");
    }

    @Test
    void keepsBackslashesAsWritten() throws IOException {
        TemplateFile template = TemplateFile.read(write("sql=select 'a\\\\b\\n' \\\n"));
        assertThat(template.sql().text()).isEqualTo("select 'a\\\\b\\n' \\");
    }

    @Test
    void readsTheShippedSample() throws IOException {
        TemplateFile template = TemplateFile.read(Path.of("templates/travelrecord-insert.txt"));
        assertThat(template.total()).isEqualTo(10_000);
        assertThat(template.sql().text()).isEqualTo(TRAVELRECORD.replace("insert into", "replace into"));
    }

    @Test
    void rejectsAFileWithoutSql() throws IOException {
        Path file = write("# nothing to run\ntotal=10\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ": no sql= line (expected: sql=statement)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ten", "0", "-5", "", "1e4", "+3", "99999999999999999999"})
    void rejectsABadTotal(String total) throws IOException {
        Path file = write("# load\ntotal=" + total + "\nsql=select 1\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":2: total=" + total + " (expected: a whole number >= 1)");
    }

    @Test
    void rejectsABadTemplateNamingItsLine() throws IOException {
        Path file = write("total=1\nsql=select ${int(1-x)}\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":2: sql: ${int(1-x)} at offset 7: range: 'x'"
                        + " (expected: a whole number from 0 to 9223372036854775807)");
    }

    @Test
    void rejectsAnEmptySql() throws IOException {
        Path file = write("sql=\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":1: sql= is empty (expected: sql=statement)");
    }

    @Test
    void rejectsAKeyGivenTwice() throws IOException {
        Path file = write("sql=select 1\n\nsql=select 2\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":3: sql= given again (first on line 1)");
    }

    @Test
    void rejectsAnUnknownKey() throws IOException {
        Path file = write("count=5\nsql=select 1\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":1: unknown key 'count' (expected: total or sql)");
    }

    @Test
    void rejectsALineWithoutEquals() throws IOException {
        Path file = write("select 1\n");
        assertThatThrownBy(() -> TemplateFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":1: 'select 1' (expected: total=N or sql=statement)");
    }

    private Path write(String content) throws IOException {
        return Files.writeString(dir.resolve("template.txt"), content, StandardCharsets.UTF_8);
    }
}
