package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlTextTest {

    private final SqlParser parser = new SqlParser();

    private String render(String sql) {
        return SqlText.of(parser.parseWhole(sql).ast());
    }

    @Test
    void rendersEveryClauseOnOneLine() {
        assertThat(render("select k,\n\tcount(*) c from t\nwhere id in (select id from u where x > 1)\ngroup by k"
                + "\nhaving c > 1\norder by k limit 3"))
                .isEqualTo("SELECT k, count(*) AS c FROM t WHERE id IN ( SELECT id FROM u WHERE x > 1 ) GROUP BY k"
                        + " HAVING c > 1 ORDER BY k LIMIT 3");
        assertThat(render("insert into t (a, b) values (1, 2), (3, 4)"))
                .isEqualTo("INSERT INTO t (a, b) VALUES (1, 2), (3, 4)");
        assertThat(render("update t set a = 1, b = 2 where id = 3")).isEqualTo("UPDATE t SET a = 1, b = 2 WHERE id = 3");
    }

    @Test
    void leavesLineCommentsOutAndKeepsBlockCommentsHintsAndLineBreaksInValues() {
        String sql = render("select /*+ MAX_EXECUTION_TIME(1000) */ a, -- why\n b from t /* c */ where x = 'a\nb'"
                + " # hash\n order by 1 -- tail");
        assertThat(sql).isEqualTo("SELECT /*+ MAX_EXECUTION_TIME(1000) */ a , b FROM t /* c */ WHERE x = 'a\nb' "
                + " ORDER BY 1");
        assertThat(sql.replace("'a\nb'", "")).doesNotContain("\n", "\t", "--", "#");
    }

    @Test
    void writesTheEmptyHexLiteralAsMysqlReadsIt() {
        assertThat(render("select * from t where b = x''")).isEqualTo("SELECT * FROM t WHERE b = X''");
    }
}
