package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowServerTest {

    @Test
    void hasMyCatsEightColumns() {
        ResultTable t = table("show @@server");
        assertThat(labels(t)).containsExactly("UPTIME", "USED_MEMORY", "TOTAL_MEMORY", "MAX_MEMORY", "RELOAD_TIME",
                "ROLLBACK_TIME", "CHARSET", "STATUS");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING);
    }

    @Test
    void reportsUptimeHeapReloadTimesCharsetAndStatus() {
        // started 1h 2m 3s ago; reload defaults to start-up, rollback to -1, online to ON
        assertThat(table("show @@server").rows()).containsExactly(List.of("1h 2m 3s ", "100", "200", "400",
                Long.toString(FakeContext.NOW - 3_723_000), "-1", "utf8mb4", "ON"));
    }
}
