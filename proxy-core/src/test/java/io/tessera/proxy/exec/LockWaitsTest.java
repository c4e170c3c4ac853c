package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.QueryResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LockWaitsTest {

    @Test
    void mariaDbAndMySql57ReadInformationSchemaMySql8ReadsPerformanceSchema() {
        assertThat(LockWaits.statementFor("10.11.6-MariaDB-0+deb12u1")).contains("INNODB_LOCK_WAITS");
        assertThat(LockWaits.statementFor("5.5.5-10.11.6-MariaDB")).contains("INNODB_LOCK_WAITS");
        assertThat(LockWaits.statementFor("5.7.44-log")).contains("INNODB_LOCK_WAITS");
        assertThat(LockWaits.statementFor("8.0.36")).contains("performance_schema.data_lock_waits");
        assertThat(LockWaits.statementFor("8.4.3")).contains("performance_schema.data_lock_waits");
    }

    @Test
    void readsEachThreadsBlockersAndRowsChanged() {
        QueryResult result = new QueryResult(List.of("thread", "rows", "blocker"), List.of(
                row("11", "2", null), // holds, waits for nothing
                row("12", "0", "11"), // waits for 11
                row("13", "1", "11"), row("13", "1", "12"), // waits for a row 11 and 12 both lock
                row(null, "4", null)), // a prepared XA branch without a thread
                0, 0, 0, 0);

        LockWaits waits = LockWaits.of(result);

        assertThat(waits.waits()).isEqualTo(Map.of(12L, List.of(11L), 13L, List.of(11L, 12L)));
        assertThat(waits.rowsChanged()).isEqualTo(Map.of(11L, 2L, 12L, 0L, 13L, 1L));
    }

    @Test
    void serverOfADataHostsDescriptionIsItsHostAndPort() {
        assertThat(SessionLocks.serverOf("data host host1 (127.0.0.1:3306)")).isEqualTo("127.0.0.1:3306");
        assertThat(SessionLocks.serverOf("data host h (jdbc:mysql://127.0.0.1:3307/db)"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3307/db");
    }

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }
}
