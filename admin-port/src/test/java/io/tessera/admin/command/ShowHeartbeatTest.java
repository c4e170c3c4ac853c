package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowHeartbeatTest {

    @Test
    void hasMyCatsElevenColumns() {
        ResultTable t = table("show @@heartbeat");
        assertThat(labels(t)).containsExactly("NAME", "TYPE", "HOST", "PORT", "RS_CODE", "RETRY", "STATUS", "TIMEOUT",
                "EXECUTE_TIME", "LAST_ACTIVE_TIME", "STOP");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.LONG, ColumnType.LONG, ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.LONGLONG,
                ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void oneRowPerSourceHostsByNameSourcesInConfigurationOrder() {
        assertThat(table("show @@heartbeat").rows()).containsExactly(
                row("hostM1", "mysql", "127.0.0.1", "3306", "1", "0", "idle", "30000", "1,2,3",
                        "2024-05-01 09:59:55", "false"),
                row("hostS1", "mysql", "127.0.0.2", "3307", "-1", "3", "checking", "30000", "0,0,0", null, "false"),
                row("hostM2", "mysql", "10.0.0.2", "3306", "-2", "1", "idle", "10000", "12,11,10",
                        "2024-05-01 09:59:00", "false"),
                row("hostM3", "mysql", "10.0.0.3", "3306", "0", "0", "idle", "10000", "0,0,0", null, "true"));
    }
}
