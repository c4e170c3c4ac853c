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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShowSqlSumUserTest {

    @ParameterizedTest
    @ValueSource(strings = {"show @@sql.sum", "show @@sql.sum.user"})
    void hasMyCatsElevenColumns(String sql) {
        ResultTable t = table(sql);
        assertThat(labels(t)).containsExactly("ID", "USER", "R", "W", "R%", "MAX", "NET_IN", "NET_OUT",
                "TIME_COUNT", "TTL_COUNT", "LAST_TIME");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG, ColumnType.VARCHAR, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.LONGLONG,
                ColumnType.LONGLONG, ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.LONGLONG);
    }

    @ParameterizedTest
    @ValueSource(strings = {"show @@sql.sum", "show @@sql.sum.user"})
    void usersByNameWithTheirReadShareAndHistograms(String sql) {
        assertThat(table(sql).rows()).containsExactly(
                row("1", "root", "0", "1", "0.00", "1", "30", "11", "[1, 0, 0, 0]", "[0, 0, 1, 0]",
                        Long.toString(NOW - 900)),
                row("2", "test", "1000", "200", "0.83", "3", "40000", "90000", "[0, 1200, 0, 0]", "[1199, 1, 0, 0]",
                        Long.toString(NOW - 500)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"show @@sql.sum true", "show @@sql.sum.user true"})
    void trueClearsWhatItShows(String sql) {
        FakeContext context = FakeContext.sample();
        table(sql, context);
        assertThat(context.sqlStats().cleared).containsExactly("users");
    }
}
