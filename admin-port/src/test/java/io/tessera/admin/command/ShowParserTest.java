package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowParserTest {

    @Test
    void hasMyCatsSevenColumns() {
        ResultTable t = table("show @@parser");
        assertThat(labels(t)).containsExactly("PROCESSOR_NAME", "PARSE_COUNT", "TIME_COUNT", "MAX_PARSE_TIME",
                "MAX_PARSE_SQL_ID", "CACHED_COUNT", "CACHE_SIZE");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.DOUBLE,
                ColumnType.DOUBLE, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONG);
    }

    @Test
    void oneRowPerProcessorByNameTimesInMilliseconds() {
        assertThat(table("SHOW @@PARSER;").rows()).containsExactly(
                row("Processor0", "120", "61.235", "9.001", "7", "880", "42"),
                row("Processor1", "0", "0.000", "0.000", "0", "0", "42"));
    }
}
