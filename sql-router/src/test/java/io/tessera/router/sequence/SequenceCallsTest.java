package io.tessera.router.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.sequence.SequenceCalls.Call;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SequenceCallsTest {

    private final SequenceCalls calls = new SequenceCalls(SequenceCalls.DEFAULT_PATTERN);

    private String replaced(String sql, Map<String, Long> firstIds) {
        return SequenceCalls.replace(sql, calls.find(sql, true), firstIds);
    }

    @Test
    void replacesEachRowsCallWithConsecutiveIdsInTextOrder() {
        String sql = "insert into t(id, name) values (next value for MYCATSEQ_ORDERS, 'a'),"
                + "(next value for MYCATSEQ_ORDERS,'b'),( next value for MYCATSEQ_ORDERS , 'c')";
        assertThat(SequenceCalls.counts(calls.find(sql, true))).containsExactly(Map.entry("ORDERS", 3));
        assertThat(replaced(sql, Map.of("ORDERS", 100L)))
                .isEqualTo("insert into t(id, name) values (100, 'a'),(101,'b'),( 102 , 'c')");
    }

    @Test
    void findsSeveralSequencesInOneRowThatTheRepeatingPatternMatchesAtOnce() {
        String sql = "insert into t(a, b) values (next value for MYCATSEQ_A, next value for MYCATSEQ_B)";
        List<Call> found = calls.find(sql, true);
        assertThat(found).extracting(Call::name).containsExactly("A", "B");
        assertThat(SequenceCalls.replace(sql, found, Map.of("A", 7L, "B", 20L)))
                .isEqualTo("insert into t(a, b) values (7, 20)");
    }

    @Test
    void readsKeywordsAndNamesWithoutRegardToCaseAndUpperCasesTheName() {
        String sql = "SELECT NEXT VALUE FOR mycatseq_global";
        assertThat(calls.find(sql, true)).containsExactly(new Call(7, sql.length(), "GLOBAL"));
        assertThat(replaced(sql, Map.of("GLOBAL", 5L))).isEqualTo("SELECT 5");
    }

    @Test
    void tellsASelectOfCallsAloneFromOneThatNeedsADataNode() {
        for (String alone : List.of("select next value for MYCATSEQ_A", " SELECT next value for MYCATSEQ_A ,"
                + " next value for MYCATSEQ_B;")) {
            assertThat(SequenceCalls.selectsOnly(alone, calls.find(alone, true))).as(alone).isTrue();
        }
        for (String more : List.of("select next value for MYCATSEQ_A from t", "select 1, next value for MYCATSEQ_A",
                "select next value for MYCATSEQ_A,, next value for MYCATSEQ_B",
                "insert into t(id) values (next value for MYCATSEQ_A)")) {
            assertThat(SequenceCalls.selectsOnly(more, calls.find(more, true))).as(more).isFalse();
        }
    }

    @Test
    void leavesCallsInStringsQuotedNamesAndCommentsAlone() {
        String sql = "insert into t(a, `next value for MYCATSEQ_Q`, c, d) values ('next value for MYCATSEQ_S',"
                + " \"it''s next value for MYCATSEQ_D\", /* next value for MYCATSEQ_C */ 1, next value for MYCATSEQ_X)"
                + " -- next value for MYCATSEQ_L\n# next value for MYCATSEQ_H";
        List<Call> found = calls.find(sql, true);
        assertThat(found).extracting(Call::name).containsExactly("X");
        assertThat(replaced(sql, Map.of("X", 1L))).contains(" 1, 1)").contains("'next value for MYCATSEQ_S'")
                .contains("/* next value for MYCATSEQ_C */").contains("-- next value for MYCATSEQ_L");
    }

    @Test
    void readsABackslashAsAnEscapeOnlyWhenTheSessionDoes() {
        String sql = "insert into t(a, b) values ('a\\', next value for MYCATSEQ_X)";
        // with escapes, \' is a quote inside the string and the call is in it; without, the string ends at '
        assertThat(calls.find(sql, true)).isEmpty();
        assertThat(calls.find(sql, false)).extracting(Call::name).containsExactly("X");
    }

    @Test
    void findsNothingInAStatementWithoutTheCall() {
        assertThat(calls.find("select * from mycatseq_table where next = 1", true)).isEmpty();
        assertThat(calls.find("insert into t values (1)", true)).isEmpty();
    }

    @Test
    void honoursAPatternOverrideWithItsGroups() {
        SequenceCalls custom = new SequenceCalls("(nextval\\(\\s*SEQ_(\\w+)\\s*\\))");
        String sql = "insert into t(id) values (nextval(SEQ_users))";
        List<Call> found = custom.find(sql, true);
        assertThat(found).extracting(Call::name).containsExactly("USERS");
        assertThat(SequenceCalls.replace(sql, found, Map.of("USERS", 3L))).isEqualTo("insert into t(id) values (3)");
        assertThat(calls.find(sql, true)).isEmpty();
    }

    @Test
    void refusesAPatternWithoutTheNameGroup() {
        assertThatThrownBy(() -> new SequenceCalls("next value for MYCATSEQ_\\w+"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected: group 1 the call, group 2 the sequence name");
    }
}
