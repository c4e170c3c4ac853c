package io.tessera.router.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SessionValueInlinerTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "SELECT c FROM sbtest1 WHERE id=5|false",
        "insert into t values (1, 'a')|false",
        "select count(*) from t|false",
        "select database()|true",
        "select DATABASE ()|true",
        "select 1 + 1, user(), 2|true",
        "insert into t values (last_insert_id())|true",
        "select @@sql_mode, @@version_comment|true",
        "select @@sql_mode|false",
        "select myversion(1)|false",
        "select @@VERSION|true",
    })
    void findsCandidatesByTextAlone(String sql, boolean expected) {
        assertThat(SessionValueInliner.mentionsSessionValues(sql)).isEqualTo(expected);
    }

    private static final SessionFacts SESSION = new SessionFacts("TESTDB", "app", "10.0.0.9", 12, 7, 3, 5);

    private final SessionValueInliner inliner = new SessionValueInliner("8.0.36-tessera", "Tessera");

    @Test
    void inlinesTheSessionsValuesAndKeepsTheLabels() {
        ParsedStatement parsed = new SqlParser().parse("select database(), user(), connection_id() as id,"
                + " @@version_comment from t where a = last_insert_id()");

        ParsedStatement inlined = inliner.inline(parsed, SESSION);

        assertThat(inlined).isNotSameAs(parsed);
        assertThat(inlined.sql()).isEqualTo("SELECT 'TESTDB' AS `DATABASE()`, 'app@10.0.0.9' AS `user()`, 12 AS id,"
                + " 'Tessera' AS `@@version_comment` FROM t WHERE a = 7");
        assertThat(inlined.ast()).isSameAs(parsed.ast());
        assertThat(inlined.type()).isEqualTo(parsed.type());
        assertThat(inlined.tables()).isEqualTo(parsed.tables());
    }

    @Test
    void aLongSelectParsedWithoutItsSelectListIsInlinedWhole() {
        StringBuilder columns = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            columns.append(i == 0 ? "" : ", ").append("column_").append(i);
        }
        ParsedStatement parsed = new SqlParser().parse("select " + columns + " from t where s = database()");
        assertThat(parsed.abridged()).isTrue();
        ParsedStatement inlined = inliner.inline(parsed, SESSION);
        assertThat(inlined.abridged()).isFalse();
        assertThat(inlined.sql()).contains("column_599", "s = 'TESTDB'");
    }

    @Test
    void aStatementWithoutSessionValuesIsReturnedAsItIs() {
        ParsedStatement parsed = new SqlParser().parse("select myversion(1), @@sql_mode from t");

        assertThat(inliner.inline(parsed, SESSION)).isSameAs(parsed);
    }
}
