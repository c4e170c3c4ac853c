package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowBackendTest {

    @Test
    void hasMyCatsSeventeenColumnsWithTheirLabelsAndTypes() {
        ResultTable t = table("show @@backend");
        assertThat(labels(t)).containsExactly("processor", "id", "mysqlId", "host", "port", "l_port", "net_in",
                "net_out", "life", "closed", "borrowed", "SEND_QUEUE", "schema", "charset", "txlevel", "autocommit",
                "tx_readonly");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG,
                ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.LONG,
                ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING);
    }

    @Test
    void rowsByProcessorThenServerThenIdWithLifeInSecondsAndDefaultIsolationNamed() {
        assertThat(table("show @@backend").rows()).containsExactly(
                row("Processor0", "1", "9", "10.0.0.2", "3306", "40001", "90", "80", "1", "true", "false", "0",
                        "db2", "utf8mb4:45", "4", "true", "false"),
                row("Processor1", "1", "40", "127.0.0.1", "3306", "40000", "100", "60", "0", "false", "false", "0",
                        null, "latin1:8", "DEFAULT", "true", "false"),
                row("Processor1", "2", "41", "127.0.0.1", "3306", "40002", "5000", "700", "61", "false", "true",
                        "1", "db1", "utf8mb4:45", "2", "false", "true"));
    }
}
