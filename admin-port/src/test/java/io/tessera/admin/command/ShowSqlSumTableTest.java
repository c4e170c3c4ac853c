package io.tessera.admin.command;

import static io.tessera.admin.FakeContext.NOW;
import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowSqlSumTableTest {

    @Test
    void hasMyCatsEightColumns() {
        ResultTable t = table("show @@sql.sum.table");
        assertThat(labels(t)).containsExactly("ID", "TABLE", "R", "W", "R%", "RELATABLE", "RELACOUNT",
                "LAST_TIME");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG, ColumnType.VARCHAR, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.LONGLONG);
    }

    @Test
    void busiestFirstWithRelatedTablesAsMyCatWritesThem() {
        assertThat(table("show @@sql.sum.table").rows()).containsExactly(
                row("1", "t3", "3", "3", "0.50", "NULL", "NULL", Long.toString(NOW - 700)),
                row("2", "t1", "5", "0", "1.00", "NULL", "NULL", Long.toString(NOW - 800)),
                row("3", "t2", "2", "1", "0.67", "t1, t3, ", "2, 1, ", Long.toString(NOW - 500)));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@sql.sum.table true", context);
        assertThat(context.sqlStats().cleared).containsExactly("tables");
    }
}
