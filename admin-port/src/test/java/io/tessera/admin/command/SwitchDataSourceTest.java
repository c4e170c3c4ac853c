package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class SwitchDataSourceTest {

    private final FakeActions actions = FakeActions.deferred();
    private final AdminCommands commands = Replies.commands(actions);

    private AdminReply run(String sql) {
        return commands.execute(sql, FakeContext.sample(), Replies.SESSION);
    }

    @Test
    void switchesEachKnownDataHostInTurnAndCountsThoseThatChanged() throws Exception {
        AdminReply reply = run("switch @@datasource host1, nosuch ,host2:1");
        assertThat(actions.calls()).containsExactly("switch host1 OptionalInt[1]");
        actions.completeNext();
        assertThat(actions.calls()).containsExactly("switch host1 OptionalInt[1]", "switch host2 OptionalInt[1]");
        actions.completeNext();
        assertThat(Replies.settled(reply)).isEqualTo(new AdminReply.Ok(2, ""));
    }

    @Test
    void withoutAnIndexAsksForTheNextWriteHost() {
        run("SWITCH  @@DataSource host$1-2");
        assertThat(actions.calls()).containsExactly("switch host1 OptionalInt.empty");
    }

    @Test
    void namesOfNoDataHostSwitchNothing() throws Exception {
        assertThat(Replies.settled(run("switch @@datasource other$1-3:0"))).isEqualTo(new AdminReply.Ok(0, ""));
        assertThat(actions.calls()).isEmpty();
    }

    @Test
    void aSwitchThatCannotBeDoneFailsTheReplyAfterThoseBeforeIt() {
        AdminReply reply = run("switch @@datasource host1,host2:3");
        actions.completeNext();
        actions.failNext(ErrorCode.UNKNOWN_ERROR.exception("data host host2 has no writeHost 3"));
        assertThatThrownBy(() -> Replies.settled(reply)).isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("data host host2 has no writeHost 3");
    }

    @Test
    void withoutANameItIsNoCommand() {
        assertThatThrownBy(() -> run("switch @@datasource")).hasMessageStartingWith("unknown admin command: switch @@datasource");
        assertThatThrownBy(() -> run("switch @@datasource :1"))
                .hasMessageStartingWith("unknown admin command: switch @@datasource :1");
    }
}
