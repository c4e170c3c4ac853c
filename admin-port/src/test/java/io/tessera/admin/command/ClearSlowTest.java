package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.TesseraException;
import org.junit.jupiter.api.Test;

class ClearSlowTest {

    @Test
    void forgetsTheSlowStatementsSentToTheDataNode() {
        FakeContext context = FakeContext.sample();
        assertThat(Replies.reply("clear @@slow where datanode = 'dn2'", context)).isEqualTo(new AdminReply.Ok(2, ""));
        assertThat(Replies.table("show @@sql.slow", context).rows()).extracting(r -> r.get(1))
                .containsExactly("dn1");
    }

    @Test
    void forgetsTheSlowStatementsOfTheSchema() {
        FakeContext context = FakeContext.sample();
        assertThat(Replies.reply("CLEAR @@SLOW WHERE SCHEMA = TESTDB;", context)).isEqualTo(new AdminReply.Ok(2, ""));
        assertThat(Replies.table("show @@sql.slow", context).rows()).extracting(r -> r.get(0))
                .containsExactly("root");
        assertThat(Replies.reply("clear @@slow where schema = LOGS", context)).isEqualTo(new AdminReply.Ok(0, ""));
    }

    @Test
    void anUnknownNameIsAnErrorNamingIt() {
        assertThatThrownBy(() -> Replies.reply("clear @@slow where datanode = dn9", FakeContext.sample()))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1105))
                .hasMessage("unknown data node 'dn9'");
        assertThatThrownBy(() -> Replies.reply("clear @@slow where schema = NOPE", FakeContext.sample()))
                .hasMessage("unknown schema 'NOPE'");
    }

    @Test
    void onlyManagersMayClear() {
        assertThatThrownBy(() -> Replies.COMMANDS.execute("clear @@slow where datanode = dn1", FakeContext.sample(),
                Replies.VIEWER)).isInstanceOfSatisfying(TesseraException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(1227));
    }
}
