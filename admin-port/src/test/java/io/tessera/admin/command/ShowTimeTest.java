package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowTimeTest {

    @Test
    void currentIsTheClocksEpochMillis() {
        ResultTable t = table("show @@time.current");
        assertThat(labels(t)).containsExactly("TIMESTAMP");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG);
        assertThat(t.rows()).containsExactly(List.of(Long.toString(FakeContext.NOW)));
    }

    @Test
    void startupIsTheStartupEpochMillis() {
        ResultTable t = table("SHOW @@TIME.STARTUP");
        assertThat(labels(t)).containsExactly("TIMESTAMP");
        assertThat(types(t)).containsExactly(ColumnType.LONGLONG);
        assertThat(t.rows()).containsExactly(List.of(Long.toString(FakeContext.NOW - 3_723_000)));
    }

    @Test
    void theDotIsLiteral() {
        assertThat(Replies.COMMANDS.commands().stream().filter(c -> c.syntax().matcher("show @@timexcurrent")
                .matches())).isEmpty();
    }
}
