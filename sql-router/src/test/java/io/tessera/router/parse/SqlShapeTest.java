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
    @Timeout(120) // a lexer that stops advancing would hang
    void anyTextHasAShapeNoLongerThanItself() {
        Fuzz.forAll(c -> {
            String sql = SqlFuzz.text(c, "ab1eExX_.0'\"`\\/*-#\n ?=,()\u00e9", 60);
            String shape = SqlShape.of(sql);
            assertThat(shape.length()).isLessThanOrEqualTo(sql.length());
        });
    }
}
