package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class KillConnectionTest {

    private final FakeActions actions = FakeActions.deferred();
    private final AdminCommands commands = Replies.commands(actions);

    private AdminReply run(String sql) {
        return commands.execute(sql, FakeContext.sample(), Replies.SESSION);
    }

    @Test
    void asksForTheIdsAndAnswersOkWithHowManyWereClosedOnceTheyAre() throws Exception {
        AdminReply reply = run("kill @@connection 7,3,99");
        assertThat(actions.calls()).containsExactly("kill [7, 3, 99]");
        assertThat(reply).isInstanceOf(AdminReply.Pending.class);
        assertThat(((AdminReply.Pending) reply).answer().toCompletableFuture()).isNotDone();

        actions.completeNext();
        assertThat(Replies.settled(reply)).isEqualTo(new AdminReply.Ok(2, "")); // 99 is no open connection
    }

    @Test
    void takesSpacesAroundIdsAndSkipsWhatIsNotANumberAsMyCatDoes() {
        run("KILL  @@Connection 7 , x,, 3 ,-,7");
        assertThat(actions.calls()).containsExactly("kill [7, 3]"); // 7 twice counts once
    }

    @Test
    void onlyNonNumbersIsOkWithNoRowsAndAsksForNothing() throws Exception {
        assertThat(Replies.settled(run("kill @@connection abc"))).isEqualTo(new AdminReply.Ok(0, ""));
        assertThat(actions.calls()).isEmpty();
    }

    @Test
    void withoutIdsItIsNoCommand() {
        assertThatThrownBy(() -> run("kill @@connection"))
                .hasMessageStartingWith("unknown admin command: kill @@connection");
        assertThatThrownBy(() -> run("kill @@connections 1"))
                .hasMessageStartingWith("unknown admin command: kill @@connections 1");
    }

    @Test
    void aFailedActionFailsTheReply() {
        AdminReply reply = run("kill @@connection 7");
        actions.failNext(ErrorCode.UNKNOWN_ERROR.exception("boom"));
        assertThatThrownBy(() -> Replies.settled(reply)).isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("boom");
    }

    @Test
    void idsAreParsedLikeMyCatsLongParseLong() {
        assertThat(KillConnection.ids("1, +2,3x, 9223372036854775807 ,9223372036854775808"))
                .isEqualTo(List.of(1L, 2L, Long.MAX_VALUE));
    }
}
