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

class ShowSqlTest {

    @Test
    void hasMyCatsSixColumns() {
        ResultTable t = table("show @@sql");
        assertThat(labels(t)).containsExactly("ID", "USER", "START_TIME", "EXECUTE_TIME", "SQL", "IP");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG, ColumnType.VARCHAR, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void usersByNameEachOldestFirstNumberedFromOne() {
        assertThat(table("show @@sql").rows()).containsExactly(
                row("1", "root", Long.toString(NOW - 900), "12", "insert into t1 values (1)", "10.1.1.1"),
                row("2", "test", Long.toString(NOW - 800), "1", "select 1 from t1", "127.0.0.1"),
                row("3", "test", Long.toString(NOW - 500), "3", "select * from t2", "127.0.0.1"));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@sql", context);
        assertThat(context.sqlStats().cleared).isEmpty();
        assertThat(table("SHOW  @@SQL  TRUE", context).rows()).hasSize(3);
        assertThat(context.sqlStats().cleared).containsExactly("recent");
    }
}
