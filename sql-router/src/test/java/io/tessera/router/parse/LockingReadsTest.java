package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LockingReadsTest {

    private final SqlParser parser = new SqlParser();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "select * from t where id = 1 for update",
        "SELECT * FROM t WHERE id = 1\nFOR\tUPDATE",
        "select * from t where id = 1 for update nowait",
        "select * from t where id = 1 lock in share mode",
        "select * from t where id = 1 for share",
        "select * from (select id from t for update) x",
        "select id from t union select id from u for update",
        "select id from t where id in (select id from u lock in share mode)",
    })
    void lockingReadsLockRows(String sql) {
        assertThat(parser.parse(sql).locksRows()).isTrue();
        assertThat(parser.parseWhole(sql).locksRows()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "select * from t where id = 1",
        "select 'for update', share from t where updated = 1",
        "select * from t_update_log",
        "update t set a = 1 where id = 1",
        "insert into t select * from u",
    })
    void otherStatementsDoNot(String sql) {
        assertThat(parser.parse(sql).locksRows()).isFalse();
    }
}
