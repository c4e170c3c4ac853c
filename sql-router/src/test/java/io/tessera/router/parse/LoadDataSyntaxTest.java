package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LoadDataSyntaxTest {

    @Test
    void readsEveryClauseMySqlTakes() {
        LoadData load = LoadDataSyntax.parse("load data low_priority local infile '/tmp/a.csv' replace into table"
                + " TESTDB.`or``ders` partition (p0, p1) character set utf8mb4 columns terminated by ','"
                + " optionally enclosed by '\"' escaped by '\\\\' lines starting by 'xx' terminated by '\\r\\n'"
                + " ignore 2 rows (id, @v, `name`) set total = @v * 2, note = 'a,b';", true);
        assertThat(load.local()).isTrue();
        assertThat(load.modifier()).isEqualTo("LOW_PRIORITY");
        assertThat(load.fileName()).isEqualTo("/tmp/a.csv");
        assertThat(load.duplicates()).isEqualTo("REPLACE");
        assertThat(load.table().schema()).isEqualTo("TESTDB");
        assertThat(load.table().table()).isEqualTo("or`ders");
        assertThat(load.partition()).isEqualTo("partition (p0, p1)");
        assertThat(load.charset()).isEqualTo("utf8mb4");
        assertThat(text(load.fieldsTerminatedBy())).isEqualTo(",");
        assertThat(text(load.enclosedBy())).isEqualTo("\"");
        assertThat(load.optionallyEnclosed()).isTrue();
        assertThat(text(load.escapedBy())).isEqualTo("\\");
        assertThat(text(load.linesStartingBy())).isEqualTo("xx");
        assertThat(text(load.linesTerminatedBy())).isEqualTo("\r\n");
        assertThat(load.ignoreLines()).isEqualTo(2);
        assertThat(load.columns()).containsExactly("id", "@v", "name");
        assertThat(load.setColumns()).containsExactly("total", "note");
        assertThat(load.set()).isEqualTo("total = @v * 2, note = 'a,b'");
    }

    @Test
    void defaultsAreMySqls() {
        LoadData load = LoadDataSyntax.parse("LOAD DATA INFILE 'x' INTO TABLE t", true);
        assertThat(load.local()).isFalse();
        assertThat(text(load.fieldsTerminatedBy())).isEqualTo("\t");
        assertThat(load.enclosedBy()).isEmpty();
        assertThat(text(load.escapedBy())).isEqualTo("\\");
        assertThat(text(load.linesTerminatedBy())).isEqualTo("\n");
        assertThat(load.columnList()).isNull();
    }

    @Test
    void hexadecimalStringsAndNoBackslashEscapes() {
        LoadData load = LoadDataSyntax.parse("LOAD DATA LOCAL INFILE 'c:\\data\\a.txt' INTO TABLE t FIELDS"
                + " TERMINATED BY X'09' ESCAPED BY 0x5c", false);
        assertThat(load.fileName()).isEqualTo("c:\\data\\a.txt");
        assertThat(text(load.fieldsTerminatedBy())).isEqualTo("\t");
        assertThat(text(load.escapedBy())).isEqualTo("\\");
    }

    @Test
    void theNodesStatementSkipsNoLinesWhenTesseraDidAndWritesStringsAsHex() {
        LoadData load = LoadDataSyntax.parse("LOAD DATA LOCAL INFILE 'a' IGNORE INTO TABLE TESTDB.t"
                + " FIELDS TERMINATED BY ',' IGNORE 1 LINES (a, b)", true);
        assertThat(load.nodeStatement(false)).isEqualTo("LOAD DATA LOCAL INFILE 'tessera-load' IGNORE INTO TABLE"
                + " `t` FIELDS TERMINATED BY X'2c' ENCLOSED BY '' ESCAPED BY X'5c' LINES STARTING BY ''"
                + " TERMINATED BY X'0a' (a, b)");
        assertThat(load.nodeStatement(true)).contains("TERMINATED BY X'0a' IGNORE 1 LINES (a, b)");
    }

    @Test
    void whatMySqlWouldNotTakeIsASyntaxErrorWithItsPlace() {
        assertThatThrownBy(() -> LoadDataSyntax.parse("LOAD DATA LOCAL INFILE 'a' INTO t", true))
                .isInstanceOfSatisfying(LoadSyntaxException.class, e -> assertThat(e.offset()).isEqualTo(32));
        assertThatThrownBy(() -> LoadDataSyntax.parse("LOAD DATA LOCAL INFILE 'a' INTO TABLE t IGNORE x LINES",
                true)).isInstanceOf(LoadSyntaxException.class);
        assertThatThrownBy(() -> LoadDataSyntax.parse("LOAD DATA LOCAL INFILE 'a' INTO TABLE t extra", true))
                .isInstanceOf(LoadSyntaxException.class);
    }

    @Test
    void loadXmlIsRefused() {
        assertThat(LoadDataSyntax.isLoad("  /* c */ load xml local infile 'a' into table t")).isTrue();
        assertThat(LoadDataSyntax.isLoad("loader")).isFalse();
        assertThatThrownBy(() -> LoadDataSyntax.parse("LOAD XML LOCAL INFILE 'a' INTO TABLE t", true))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
