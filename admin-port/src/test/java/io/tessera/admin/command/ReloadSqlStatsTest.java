package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.TesseraException;
import org.junit.jupiter.api.Test;

class ReloadSqlStatsTest {

    @Test
    void sqlstatOpenAndCloseTurnRecordingOnAndOffWithMyCatsMessage() {
        FakeContext context = FakeContext.sample();
        assertThat(reply("reload @@sqlstat=open", context))
                .isEqualTo(new AdminReply.Ok(1, "Set sql stat module isclosed=open, to succeed by manager. "));
        assertThat(context.sqlStats().recording()).isTrue();
        assertThat(reply("RELOAD @@SQLSTAT = CLOSE", context))
                .isEqualTo(new AdminReply.Ok(1, "Set sql stat module isclosed=close, to succeed by manager. "));
        assertThat(context.sqlStats().recording()).isFalse();
    }

    @Test
    void sqlslowSetsTheThreshold() {
        FakeContext context = FakeContext.sample();
        assertThat(reply("reload @@sqlslow=250", context))
                .isEqualTo(new AdminReply.Ok(1, "Reset show  @@sql.slow time success"));
        assertThat(context.sqlStats().slowMillis()).isEqualTo(250);
        reply("reload @@sqlslow = 0", context);
        assertThat(context.sqlStats().slowMillis()).isZero();
    }

    @Test
    void sqlslowRefusesWhatIsNotMilliseconds() {
        FakeContext context = FakeContext.sample();
        for (String bad : new String[] {"reload @@sqlslow=", "reload @@sqlslow=-1", "reload @@sqlslow=1s"}) {
            assertThatThrownBy(() -> reply(bad, context)).as(bad).isInstanceOf(TesseraException.class)
                    .hasMessageContaining("expected: milliseconds");
        }
        assertThat(context.sqlStats().slowMillis()).isEqualTo(100);
    }
}
