package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowConnectionTest {

    @Test
    void hasMyCatsFifteenColumnsWithTheirLowerCaseLabels() {
        ResultTable t = table("show @@connection");
        assertThat(labels(t)).containsExactly("PROCESSOR", "ID", "HOST", "PORT", "LOCAL_PORT", "USER", "SCHEMA",
                "CHARSET", "NET_IN", "NET_OUT", "ALIVE_TIME(S)", "RECV_BUFFER", "SEND_QUEUE", "txlevel",
                "autocommit");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.VAR_STRING,
                ColumnType.LONG, ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONG, ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void rowsByConnectionIdWithCharsetAsNameColonIndexAndAgeInSeconds() {
        assertThat(table("show @@connection").rows()).containsExactly(
                row("Processor0", "3", "10.1.1.1", "50001", "8066", "root", null, "utf8:33", "10", "200", "1",
                        "4096", "1", "3", "true"),
                row("Processor1", "7", "127.0.0.1", "50002", "8066", "test", "TESTDB", "utf8mb4:45", "1000",
                        "20000", "90", "0", "0", "2", "false"));
    }
}
