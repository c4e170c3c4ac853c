package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@server}: uptime, heap, configuration load times, the admin connection's character set and whether the
 * server is online (MyCat's {@code ShowServer}, 8 columns, one row).
 */
final class ShowServer implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@server", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("UPTIME"), Columns.longLong("USED_MEMORY"), Columns.longLong("TOTAL_MEMORY"),
            Columns.longLong("MAX_MEMORY"), Columns.longLong("RELOAD_TIME"), Columns.longLong("ROLLBACK_TIME"),
            Columns.varString("CHARSET"), Columns.varString("STATUS"));

    private final Supplier<Memory> memory;

    ShowServer(Supplier<Memory> memory) {
        this.memory = memory;
    }

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@server", "Report server status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        Memory heap = memory.get();
        long uptime = Math.max(0, context.clock().millis() - context.startupMillis());
        return new AdminReply.Rows(ResultTable.builder()
                .columns(COLUMNS)
                .row(Formats.uptime(uptime), heap.used(), heap.total(), heap.max(), context.reloadMillis(),
                        context.rollbackMillis(), session.collation().charsetName(), context.online() ? "ON" : "OFF")
                .build());
    }
}
