package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowThreadPoolTest {

    @Test
    void oneRowPerPoolInTheContextsOrder() {
        ResultTable t = table("show @@threadpool");
        assertThat(labels(t)).containsExactly("NAME", "POOL_SIZE", "ACTIVE_COUNT", "TASK_QUEUE_SIZE",
                "COMPLETED_TASK", "TOTAL_TASK");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG,
                ColumnType.LONG, ColumnType.LONGLONG, ColumnType.LONGLONG);
        assertThat(t.rows()).containsExactly(
                List.of("Timer", "2", "0", "0", "15", "15"),
                List.of("BusinessExecutor", "4", "1", "2", "100", "103"));
    }
}
