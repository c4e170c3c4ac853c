package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowRouterTest {

    @Test
    void hasMyCatsFiveColumns() {
        ResultTable t = table("show @@router");
        assertThat(labels(t)).containsExactly("PROCESSOR_NAME", "ROUTE_COUNT", "TIME_COUNT", "MAX_ROUTE_TIME",
                "MAX_ROUTE_SQL_ID");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.FLOAT,
                ColumnType.FLOAT, ColumnType.LONGLONG);
    }

    @Test
    void oneRowPerProcessorByNameTimesInMilliseconds() {
        assertThat(table("show @@router").rows()).containsExactly(
                row("Processor0", "118", "30.000", "2.500", "3"),
                row("Processor1", "0", "0.000", "0.000", "0"));
    }
}
