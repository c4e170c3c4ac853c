package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import org.junit.jupiter.api.Test;

class ChangeStatusTest {

    private final FakeActions actions = FakeActions.immediate();
    private final AdminCommands commands = Replies.commands(actions);

    private AdminReply run(String sql) throws Exception {
        return Replies.settled(commands.execute(sql, FakeContext.sample(), Replies.SESSION));
    }

    @Test
    void offlineAndOnlineAskForTheActionAndAnswerOkWithOneRowAsMyCatDoes() throws Exception {
        assertThat(run("offline")).isEqualTo(new AdminReply.Ok(1, ""));
        assertThat(actions.isOnline()).isFalse();
        assertThat(run("OFFLINE ;")).isEqualTo(new AdminReply.Ok(1, "")); // already offline: the same answer
        assertThat(run("Online")).isEqualTo(new AdminReply.Ok(1, ""));
        assertThat(actions.isOnline()).isTrue();
        assertThat(actions.calls()).containsExactly("offline", "offline", "online");
    }

    @Test
    void theyAnswerOnlyOnceTheActionIsDone() {
        FakeActions deferred = FakeActions.deferred();
        AdminReply reply = Replies.commands(deferred).execute("offline", FakeContext.sample(), Replies.SESSION);
        assertThat(((AdminReply.Pending) reply).answer().toCompletableFuture()).isNotDone();
        deferred.completeNext();
        assertThat(((AdminReply.Pending) reply).answer().toCompletableFuture()).isCompleted();
    }
}
