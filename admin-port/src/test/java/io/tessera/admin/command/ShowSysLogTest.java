package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowSysLogTest {

    private static ResultTable table(String sql) throws Exception {
        return ((AdminReply.Rows) Replies.settled(Replies.reply(sql, FakeContext.sample()))).table();
    }

    @Test
    void hasMyCatsTwoVarcharColumnsAndTheNewestEntriesFirst() throws Exception {
        ResultTable t = table("show @@syslog limit=50");
        assertThat(labels(t)).containsExactly("DATE", "LOG");
        assertThat(types(t)).containsExactly(ColumnType.VARCHAR, ColumnType.VARCHAR);
        assertThat(t.rows()).containsExactly(
                row("2024-05-01 09:59:58.100", "WARN  [main] i.t.p.TesseraServer - second"),
                row("2024-05-01 09:59:50.000", "ERROR [loop-1] i.t.b.Heartbeat - first\n\tat x.y(Z.java:1)"));
        assertThat(table("SHOW @@SYSLOG LIMIT = 1").rows()).hasSize(1);
    }

    @Test
    void refusesALimitOutsideOneToTenThousand() {
        assertThatThrownBy(() -> Replies.reply("show @@syslog limit=0", FakeContext.sample()))
                .hasMessage("show @@syslog: limit 0 (expected: 1..10000)");
        assertThatThrownBy(() -> Replies.reply("show @@syslog limit=99999999999", FakeContext.sample()))
                .hasMessage("show @@syslog: limit 99999999999 (expected: 1..10000)");
    }
}
