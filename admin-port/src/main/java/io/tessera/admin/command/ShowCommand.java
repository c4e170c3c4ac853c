package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.CommandCounts;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@command}: per processor (event loop) of the 8066 port, the protocol commands it dispatched since the
 * start, processors by name (MyCat's {@code ShowCommand}, 10 columns).
 */
final class ShowCommand implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@command", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("PROCESSOR"), Columns.longLong("INIT_DB"), Columns.longLong("QUERY"),
            Columns.longLong("STMT_PREPARE"), Columns.longLong("STMT_EXECUTE"), Columns.longLong("STMT_CLOSE"),
            Columns.longLong("PING"), Columns.longLong("KILL"), Columns.longLong("QUIT"), Columns.longLong("OTHER"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@command", "Report commands status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<CommandCounts> processors = new ArrayList<>(context.commandCounts());
        processors.sort(Comparator.comparing(CommandCounts::processor, NameOrder.INSTANCE));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (CommandCounts c : processors) {
            table.row(c.processor(), c.initDb(), c.query(), c.stmtPrepare(), c.stmtExecute(), c.stmtClose(),
                    c.ping(), c.kill(), c.quit(), c.other());
        }
        return new AdminReply.Rows(table.build());
    }
}
