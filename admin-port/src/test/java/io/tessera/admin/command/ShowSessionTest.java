package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowSessionTest {

    @Test
    void listsTheSessionsThatHoldBackendsWithOneLinePerBackend() throws Exception {
        AdminReply reply = Replies.reply("show @@session", FakeContext.sample());
        assertThat(reply).isInstanceOf(AdminReply.Pending.class);
        ResultTable t = ((AdminReply.Rows) Replies.settled(reply)).table();
        assertThat(labels(t)).containsExactly("SESSION", "DN_COUNT", "DN_LIST");
        assertThat(types(t)).containsOnly(ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(List.of("7", "2", "dn1 hostM1 (127.0.0.1:3306) thread 41\r\n"
                + "dn2 hostM2 (10.0.0.2:3306) thread 9"));
    }
}
