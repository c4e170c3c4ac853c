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

class ShowSqlHighTest {

    @Test
    void hasMyCatsColumnsAndTheContractsIp() {
        ResultTable t = table("show @@sql.high");
        assertThat(labels(t)).containsExactly("ID", "USER", "FREQUENCY", "AVG_TIME", "MAX_TIME", "MIN_TIME",
                "EXECUTE_TIME", "LAST_TIME", "SQL", "IP");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG, ColumnType.VARCHAR, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void usersByNameEachMostFrequentFirst() {
        assertThat(table("show @@sql.high").rows()).containsExactly(
                row("1", "root", "3", "120", "150", "100", "110", Long.toString(NOW - 4_000), "update t2 set a = 1",
                        "10.1.1.1"),
                row("2", "test", "90", "1", "3", "0", "0", Long.toString(NOW - 500), "select * from t2",
                        "127.0.0.2"),
                row("3", "test", "40", "2", "9", "0", "1", Long.toString(NOW - 100), "select * from t1 where id = 1",
                        "127.0.0.1"));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@SQL.HIGH true", context);
        assertThat(context.sqlStats().cleared).containsExactly("frequent");
    }
}
