package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.LogEntry;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@syslog limit=n}: the last {@code n} entries of the server's log file ({@code logs/tessera.log}),
 * newest first (MyCat's {@code ShowSysLog}, 2 VARCHAR columns: DATE the entry's timestamp, LOG the rest). Unlike
 * MyCat, a stack trace stays with the entry it belongs to, and an empty log answers no rows rather than a row of
 * {@code "NULL"} strings. At most {@value #MAX_LIMIT} entries at once.
 */
final class ShowSysLog implements AdminCommand {

    static final int MAX_LIMIT = 10_000;

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@syslog\\s+limit\\s*=\\s*(\\d+)",
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(Columns.varchar("DATE"), Columns.varchar("LOG"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@syslog limit=?", "Report system log"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        String digits = args.group(1);
        int limit = digits.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(digits);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ErrorCode.UNKNOWN_ERROR.exception("show @@syslog: limit " + digits + " (expected: 1.." + MAX_LIMIT
                    + ")");
        }
        return new AdminReply.Pending(context.systemLog(limit).thenApply(entries -> {
            ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
            for (LogEntry entry : entries) {
                table.row(entry.date(), entry.log());
            }
            return new AdminReply.Rows(table.build());
        }));
    }
}
