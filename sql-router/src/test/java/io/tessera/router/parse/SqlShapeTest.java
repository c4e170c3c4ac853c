package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.Fuzz;
import io.tessera.router.SqlFuzz;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlShapeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "select v from t where id = 1              | select v from t where id = ?",
        "select v from t where id = 2              | select v from t where id = ?",
        "SELECT c FROM sbtest1 WHERE id=4711       | SELECT c FROM sbtest1 WHERE id=?",
        "select * from t1 where c2 = 'a''b' and c3 = \"x\\\"y\" | select * from t1 where c2 = ? and c3 = ?",
        "insert into t values (1, -2.5, .5, 1e3, 1.5E-3, 0x1F, 0b01, X'1f', b'01', N'n', _utf8mb4'u') "
                + "| insert into t values (?, -?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        "select `a 1`, `x``2` from `t3` where id in (1,2,3) | select `a 1`, `x``2` from `t3` where id in (?,?,?)",
        "select 1e, 1abc, 0xZZ, t1.c2 from db1.t1  | select 1e, 1abc, 0xZZ, t1.c2 from db1.t1",
        "select * from t where id = ? and k = 7    | select * from t where id = ? and k = ?",
        "/*!mycat:sql=select 1 from t where id = 2*/ select 'a' | /*!mycat:sql=select 1 from t where id = 2*/ select ?",
        "select 1 -- id = 5\\n, 2 # x = 'y'\\n       | select ? -- id = 5\\n, ? # x = 'y'\\n",
        "select 5--1                               | select ?--?",
        "select 'unclosed                          | select ?",
        "select /* unclosed 'x'                    | select /* unclosed 'x'",
        "select 'a\\'b', 'c'                       | select ?, ?",
        "select é1 from t where n = 'é'            | select é1 from t where n = ?",
        "select .5a, .5, x.5 from t                | select .5a, ?, x.5 from t"})
    void literalsBecomeMarkersAndTheRestStays(String sql, String shape) {
        assertThat(SqlShape.of(sql.replace("\\n", "\n"))).isEqualTo(shape.replace("\\n", "\n"));
    }

    @Test
    void lexNamesEachLiteralsKindAndPlace() {
        SqlShape.Lexed lexed = SqlShape.lex("select c from t where id = 42 and s = 'a''b' and d = 10.5 and x = 1e3"
                + " and y = \"q\" and z = .5 and h = 0x1F and n = N'n' and u = 'open");
        assertThat(lexed.key()).isEqualTo("select c from t where id = \u0001 and s = \u0003 and d = \u0002 and"
                + " x = \u0004 and y = \u0004 and z = \u0004 and h = \u0004 and n = \u0004 and u = \u0004");
        assertThat(lexed.count()).isEqualTo(9);
        assertThat(lexed.text(0)).isEqualTo("42");
        assertThat(lexed.kind(0)).isEqualTo(SqlShape.INTEGER);
        assertThat(lexed.text(1)).isEqualTo("'a''b'");
        assertThat(lexed.kind(1)).isEqualTo(SqlShape.STRING);
        assertThat(lexed.text(2)).isEqualTo("10.5");
        assertThat(lexed.kind(2)).isEqualTo(SqlShape.DECIMAL);
        assertThat(lexed.text(7)).isEqualTo("N'n'");
        assertThat(lexed.text(8)).isEqualTo("'open"); // unclosed: never bound
        assertThat(lexed.textEquals(0, "42")).isTrue();
        assertThat(lexed.textEquals(0, "4")).isFalse();
        assertThat(SqlShape.lex("select 1 from t where c = 'a\\'b'")).isNull(); // read by sql_mode
        assertThat(SqlShape.lex("select c from t").key()).isEqualTo("select c from t");
    }

    @Test
    @Timeout(120) // a lexer that stops advancing would hang
    void anyTextHasAShapeNoLongerThanItself() {
        Fuzz.forAll(c -> {
            String sql = SqlFuzz.text(c, "ab1eExX_.0'\"`\\/*-#\n ?=,()\u00e9", 60);
            String shape = SqlShape.of(sql);
            assertThat(shape.length()).isLessThanOrEqualTo(sql.length());
            SqlShape.Lexed lexed = SqlShape.lex(sql);
            if (lexed != null) {
                assertThat(lexed.key().replaceAll("[\\x01-\\x04]", "?")).isEqualTo(shape); // one lexer, two markings
                for (int i = 0; i < lexed.count(); i++) {
                    assertThat(lexed.end(i)).isGreaterThan(lexed.start(i)).isLessThanOrEqualTo(sql.length());
                }
            }
        });
    }
}
