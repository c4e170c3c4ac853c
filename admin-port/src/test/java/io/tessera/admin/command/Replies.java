package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.admin.FakeActions;
import io.tessera.admin.FakeContext;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs statements through the standard registry against a {@link FakeContext} and reads the answers. */
final class Replies {

    static final AdminSession SESSION = new AdminSession(1, "root", true,
            Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
    /** A user who is no manager: it may run show commands only. */
    static final AdminSession VIEWER = new AdminSession(2, "viewer", false,
            Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
    static final AdminCommands COMMANDS = commands(FakeActions.immediate());

    private Replies() {
    }

    /** The standard commands with a fixed heap and these actions. */
    static AdminCommands commands(AdminActions actions) {
        return AdminCommands.create(1 << 20, () -> new Memory(100, 200, 400), actions);
    }

    static AdminReply reply(String sql, AdminContext context) {
        return COMMANDS.execute(sql, context, SESSION);
    }

    /** The answer of a command that may answer later: a pending one is waited for (a few seconds at most). */
    static AdminReply settled(AdminReply reply) throws Exception {
        while (reply instanceof AdminReply.Pending pending) {
            reply = pending.answer().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
        return reply;
    }

    static ResultTable table(String sql) {
        return table(sql, FakeContext.sample());
    }

    static ResultTable table(String sql, AdminContext context) {
        AdminReply reply = reply(sql, context);
        assertThat(reply).isInstanceOf(AdminReply.Rows.class);
        return ((AdminReply.Rows) reply).table();
    }

    static List<String> labels(ResultTable table) {
        return table.columns().stream().map(ColumnDefinition41::name).toList();
    }

    static List<ColumnType> types(ResultTable table) {
        return table.columns().stream().map(ColumnDefinition41::type).toList();
    }

    /** A row as the text values a client reads; {@code null} is SQL NULL. */
    static List<String> row(String... values) {
        return java.util.Arrays.asList(values);
    }
}
