package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import org.junit.jupiter.api.Test;

class StopHeartbeatTest {

    private final FakeActions actions = FakeActions.immediate();
    private final AdminCommands commands = Replies.commands(actions);

    private AdminReply run(String sql) throws Exception {
        return Replies.settled(commands.execute(sql, FakeContext.sample(), Replies.SESSION));
    }

    @Test
    void pausesEachNamedDataHostForThatManySecondsAndCountsTheKnownOnes() throws Exception {
        assertThat(run("stop @@heartbeat host$1-2, nosuch : 90")).isEqualTo(new AdminReply.Ok(2, ""));
        assertThat(actions.calls()).containsExactly("pause host1 90000", "pause host2 90000", "pause nosuch 90000");
    }

    @Test
    void zeroResumesAndCaseAndQuotesDoNotMatter() throws Exception {
        assertThat(run("STOP @@HEARTBEAT 'host1':0")).isEqualTo(new AdminReply.Ok(1, ""));
        assertThat(actions.calls()).containsExactly("pause host1 0");
    }

    @Test
    void refusesAPauseOfMoreThanAYear() {
        assertThatThrownBy(() -> run("stop @@heartbeat host1:99999999999999999999"))
                .hasMessageStartingWith("stop @@heartbeat: time 99999999999999999999 (expected: seconds");
        assertThat(actions.calls()).isEmpty();
    }

    @Test
    void withoutATimeItIsNoCommand() {
        assertThatThrownBy(() -> run("stop @@heartbeat host1")).hasMessageStartingWith("unknown admin command");
    }
}
