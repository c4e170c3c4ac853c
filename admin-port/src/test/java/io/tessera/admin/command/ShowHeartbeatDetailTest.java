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

class ShowHeartbeatDetailTest {

    @Test
    void hasMyCatsSixColumns() {
        ResultTable t = table("show @@heartbeat.detail where name=hostM1");
        assertThat(labels(t)).containsExactly("NAME", "TYPE", "HOST", "PORT", "TIME", "EXECUTE_TIME");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.LONG, ColumnType.DATETIME, ColumnType.VAR_STRING);
    }

    @Test
    void oneRowPerAnsweredHeartbeatOldestFirst() {
        assertThat(table("show @@heartbeat.detail where name = 'hostM1'").rows()).containsExactly(
                row("hostM1", "mysql", "127.0.0.1", "3306", "2024-05-01 09:59:45", "2"),
                row("hostM1", "mysql", "127.0.0.1", "3306", "2024-05-01 09:59:55", "1"));
        assertThat(table("show @@heartbeat.detail where name=hostM2").rows()).isEmpty();
    }

    @Test
    void anUnknownSourceIsAnError() {
        assertThatThrownBy(() -> table("show @@heartbeat.detail where name=nosuch"))
                .hasMessage("unknown data source 'nosuch'");
    }
}
