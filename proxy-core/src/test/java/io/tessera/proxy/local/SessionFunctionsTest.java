package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SessionFunctionsTest {

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
        assertThat(SessionFunctions.mentionsSessionValues(sql)).isEqualTo(expected);
    }
}
