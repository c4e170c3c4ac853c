package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowProcessorTest {

    @Test
    void hasMyCatsTwelveColumnsWithTheirTypes() {
        ResultTable t = table("show @@processor");
        assertThat(labels(t)).containsExactly("NAME", "NET_IN", "NET_OUT", "REACT_COUNT", "R_QUEUE", "W_QUEUE",
                "FREE_BUFFER", "TOTAL_BUFFER", "BU_PERCENT", "BU_WARNS", "FC_COUNT", "BC_COUNT");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.LONG, ColumnType.LONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.TINY, ColumnType.LONG, ColumnType.LONG, ColumnType.LONG);
    }

    @Test
    void oneRowPerProcessorInNumberOrder() {
        assertThat(table("show @@processor").rows()).containsExactly(
                row("Processor0", "10", "200", "3", "0", "0", "3000", "4000", "25", "0", "1", "1"),
                row("Processor1", "21000", "1000000", "17", "2", "512", "3000", "4000", "25", "0", "1", "2"));
    }
}
