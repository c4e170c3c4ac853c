package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowDataSourceSynTest {

    private static final ColumnType S = ColumnType.VAR_STRING;
    private static final ColumnType L = ColumnType.LONG;

    @Test
    void synstatusHasMyCatsFourteenColumnsAndARowPerReplica() {
        ResultTable t = table("show @@datasource.synstatus");
        assertThat(labels(t)).containsExactly("name", "host", "port", "Master_Host", "Master_Port", "Master_Use",
                "Seconds_Behind_Master", "Slave_IO_Running", "Slave_SQL_Running", "Slave_IO_State", "Connect_Retry",
                "Last_IO_Error", "Last_SQL_Error", "Last_SQL_Errno");
        assertThat(types(t)).containsExactly(S, S, S, S, L, S, L, S, S, S, L, S, S, L);
        assertThat(t.rows()).containsExactly(row("hostS1", "127.0.0.2", "3307", "127.0.0.1", "3306", "repl", null,
                "Yes", "No", "Waiting for master to send event", "60", "", "Error 'x' on query", "1146"));
    }

    @Test
    void syndetailHasMyCatsEightColumnsAndTheLagOfEachHeartbeatThatReadOne() {
        ResultTable t = table("show @@datasource.syndetail where name=hostS1");
        assertThat(labels(t)).containsExactly("name", "host", "port", "Master_Host", "Master_Port", "Master_Use",
                "TIME", "Seconds_Behind_Master");
        assertThat(types(t)).containsExactly(S, S, S, S, L, S, ColumnType.DATETIME, L);
        assertThat(t.rows()).containsExactly(
                row("hostS1", "127.0.0.2", "3307", "127.0.0.1", "3306", "repl", "2024-05-01 09:59:20", "7"),
                row("hostS1", "127.0.0.2", "3307", "127.0.0.1", "3306", "repl", "2024-05-01 09:59:40", "0"));
    }

    @Test
    void syndetailOfASourceThatDoesNotReplicateIsEmptyAndOfAnUnknownOneAnError() {
        assertThat(table("show @@datasource.syndetail where name=hostM1").rows()).isEmpty();
        assertThatThrownBy(() -> table("show @@datasource.syndetail where name=x"))
                .hasMessage("unknown data source 'x'");
    }
}
