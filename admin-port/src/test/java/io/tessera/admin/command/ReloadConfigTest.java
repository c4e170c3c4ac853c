package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class ReloadConfigTest {

    private final FakeActions actions = FakeActions.deferred();
    private final AdminCommands commands = Replies.commands(actions);

    private AdminReply run(String sql) {
        return commands.execute(sql, FakeContext.sample(), Replies.SESSION);
    }

    @Test
    void eachStatementAsksForItsScopeAndAnswersAsMyCatOnceDone() throws Exception {
        AdminReply basic = run("reload @@config");
        AdminReply all = run("RELOAD  @@CONFIG_ALL;");
        AdminReply users = run("reload @@user");
        AdminReply rollback = run("rollback @@config");
        assertThat(actions.calls()).containsExactly("reload BASIC", "reload ALL", "reload USER", "rollback");
        assertThat(((AdminReply.Pending) basic).answer().toCompletableFuture()).isNotDone();
        for (int i = 0; i < 4; i++) {
            actions.completeNext();
        }
        assertThat(Replies.settled(basic)).isEqualTo(new AdminReply.Ok(1, "Reload config success"));
        assertThat(Replies.settled(all)).isEqualTo(new AdminReply.Ok(1, "Reload config success"));
        assertThat(Replies.settled(users)).isEqualTo(new AdminReply.Ok(1, "Reload config success"));
        assertThat(Replies.settled(rollback)).isEqualTo(new AdminReply.Ok(1, "Rollback config success"));
    }

    @Test
    void whatTheScopeLeftOutFollowsTheSuccess() throws Exception {
        FakeActions noting = FakeActions.immediate().reloadNotes(List.of("server.xml <system> changed: it takes"
                + " effect at the next restart"));
        AdminReply reply = Replies.commands(noting).execute("reload @@config", FakeContext.sample(), Replies.SESSION);
        assertThat(Replies.settled(reply)).isEqualTo(new AdminReply.Ok(1, "Reload config success; server.xml"
                + " <system> changed: it takes effect at the next restart"));
    }

    @Test
    void aFailedReloadIsAnErrWithTheReason() {
        AdminReply reply = run("reload @@config_all");
        actions.failNext(ErrorCode.UNKNOWN_ERROR.exception("reload failed, the configuration in force stays: x"));
        assertThatThrownBy(() -> Replies.settled(reply)).isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("reload failed, the configuration in force stays: x");
    }

    @Test
    void otherSpellingsAreNoCommand() {
        assertThatThrownBy(() -> run("reload @@configs")).hasMessageStartingWith("unknown admin command: reload @@configs");
        assertThatThrownBy(() -> run("reload config")).hasMessageStartingWith("unknown admin command: reload config");
    }
}
