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

class ShowSqlSlowTest {

    @Test
    void hasMyCatsSevenColumns() {
        ResultTable t = table("show @@sql.slow");
        assertThat(labels(t)).containsExactly("USER", "DATASOURCE", "START_TIME", "EXECUTE_TIME", "SQL", "IP",
                "SCHEMA");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING);
    }

    @Test
    void usersByNameEachSlowestFirst() {
        assertThat(table("show @@sql.slow").rows()).containsExactly(
                row("root", "dn2", Long.toString(NOW - 4_000), "120", "update t2 set a = 1", "10.1.1.1", null),
                row("test", "dn1,dn2", Long.toString(NOW - 3_000), "900", "select * from t2", "127.0.0.1", "TESTDB"),
                row("test", "dn1", Long.toString(NOW - 2_000), "150", "select sleep(0.15) from t1", "127.0.0.1",
                        "TESTDB"));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@sql.slow true;", context);
        assertThat(context.sqlStats().cleared).containsExactly("slow");
    }
}
