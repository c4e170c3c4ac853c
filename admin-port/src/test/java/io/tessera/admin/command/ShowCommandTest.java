package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowCommandTest {

    @Test
    void hasMyCatsTenColumns() {
        ResultTable t = table("show @@command");
        assertThat(labels(t)).containsExactly("PROCESSOR", "INIT_DB", "QUERY", "STMT_PREPARE", "STMT_EXECUTE",
                "STMT_CLOSE", "PING", "KILL", "QUIT", "OTHER");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG);
    }

    @Test
    void oneRowPerProcessorByName() {
        assertThat(table("SHOW @@COMMAND;").rows()).containsExactly(
                row("Processor0", "2", "1000", "0", "0", "0", "10", "1", "4", "5"),
                row("Processor1", "0", "7", "1", "2", "1", "3", "0", "0", "0"));
    }
}
