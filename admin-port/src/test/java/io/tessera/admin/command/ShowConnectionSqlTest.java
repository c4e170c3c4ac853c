package io.tessera.admin.command;

import static io.tessera.admin.FakeContext.NOW;
import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowConnectionSqlTest {

    @Test
    void hasMyCatsSevenColumns() {
        ResultTable t = table("show @@connection.sql");
        assertThat(labels(t)).containsExactly("ID", "HOST", "USER", "SCHEMA", "START_TIME", "EXECUTE_TIME", "SQL");
        assertThat(types(t)).containsExactly(ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.VAR_STRING);
    }

    @Test
    void eachConnectionByIdWithTheStatementItRunsOrRanLast() {
        assertThat(table("show @@connection.sql").rows()).containsExactly(
                row("3", "10.1.1.1", "root", null, "0", "0", null),
                row("7", "127.0.0.1", "test", "TESTDB", Long.toString(NOW - 2_000), "1500", "select * from t1"));
    }
}
