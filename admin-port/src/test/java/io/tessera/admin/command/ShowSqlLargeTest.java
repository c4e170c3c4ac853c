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

class ShowSqlLargeTest {

    @Test
    void hasMyCatsColumnsAndTheContractsIp() {
        ResultTable t = table("show @@sql.large");
        assertThat(labels(t)).containsExactly("USER", "ROWS", "START_TIME", "EXECUTE_TIME", "SQL", "IP");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void usersByNameEachLargestFirst() {
        assertThat(table("show @@sql.large").rows()).containsExactly(
                row("test", "250000", Long.toString(NOW - 9_000), "2300", "select * from t1", "127.0.0.1"),
                row("test", "12000", Long.toString(NOW - 7_000), "80", "select * from t2", "127.0.0.1"));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@sql.large true;", context);
        assertThat(context.sqlStats().cleared).containsExactly("large");
    }
}
