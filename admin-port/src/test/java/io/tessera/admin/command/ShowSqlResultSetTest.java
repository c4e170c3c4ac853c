package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowSqlResultSetTest {

    @Test
    void hasMyCatsFiveColumns() {
        ResultTable t = table("show @@sql.resultset");
        assertThat(labels(t)).containsExactly("ID", "USER", "FREQUENCY", "SQL", "RESULTSET_SIZE");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG, ColumnType.VARCHAR, ColumnType.LONGLONG,
                ColumnType.VAR_STRING, ColumnType.INT24);
    }

    @Test
    void usersByNameEachMostFrequentFirst() {
        assertThat(table("show @@sql.resultset").rows()).containsExactly(
                row("1", "root", "1", "select b from blobs", "600000"),
                row("2", "test", "2", "select * from t1", "9000000"));
    }

    @Test
    void trueClearsWhatItShows() {
        FakeContext context = FakeContext.sample();
        table("show @@sql.resultset true", context);
        assertThat(context.sqlStats().cleared).containsExactly("bigResults");
    }
}
