package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExecutableCommentsTest {

    @Test
    void anExecutableCommentIsReadAsItsText() {
        assertThat(unwrap("SELECT a FROM t WHERE /*!50000 x = 1 AND */ y = 2"))
                .isEqualTo("SELECT a FROM t WHERE x = 1 AND y = 2");
        assertThat(unwrap("SELECT /*!STRAIGHT_JOIN*/ a FROM t")).isEqualTo("SELECT STRAIGHT_JOIN a FROM t");
        assertThat(unwrap("/*!40101 SET NAMES utf8 */")).isEqualTo(" SET NAMES utf8 ");
        assertThat(unwrap("SELECT a FROM t /*M!100100 WHERE x = 1 */")).isEqualTo("SELECT a FROM t WHERE x = 1 ");
        assertThat(unwrap("SELECT /*!123 + */ 1")).isEqualTo("SELECT 123 + 1"); // too short for a version
    }

    /** The unwrapped text, runs of spaces as one. */
    private static String unwrap(String sql) {
        return ExecutableComments.unwrap(sql).replaceAll(" +", " ");
    }

    @Test
    void stringsNamesOtherCommentsAndMycatHintsStayAsTheyAre() {
        for (String sql : new String[] {"SELECT '/*!50000 x */' FROM t", "SELECT \"a\\\"/*!1*/\" FROM t",
                "SELECT `/*!x*/` FROM t", "SELECT 1 /* not /*! executable */", "SELECT 1 -- /*!50000 x */\n",
                "SELECT 1 # /*! x */", "/*!mycat:datanode=dn1*/ SELECT 1", "SELECT 1 /*! unterminated"}) {
            assertThat(ExecutableComments.unwrap(sql)).as(sql).isSameAs(sql);
        }
    }

    @Test
    void theParserRoutesByTheCommentsTextAndKeepsTheClientsText() {
        ParsedStatement parsed = new SqlParser().parse("SELECT COUNT(*) FROM t WHERE /*!50000 id = 3 AND */ k = 1");
        assertThat(parsed.sql()).contains("/*!50000");
        assertThat(SqlText.of(parsed.ast())).isEqualTo("SELECT COUNT(*) FROM t WHERE id = 3 AND k = 1");
        assertThat(new SqlParser().parse("/*!40101 SET NAMES utf8 */").type()).isEqualTo(StatementType.SET);
    }
}
