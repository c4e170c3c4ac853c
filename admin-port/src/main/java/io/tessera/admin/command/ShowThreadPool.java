package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.ThreadPoolView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code show @@threadpool}: one row per pool, in the context's order (MyCat's {@code ShowThreadPool}, 6 columns). */
final class ShowThreadPool implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@threadpool", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("NAME"), Columns.longInt("POOL_SIZE"), Columns.longInt("ACTIVE_COUNT"),
            Columns.longInt("TASK_QUEUE_SIZE"), Columns.longLong("COMPLETED_TASK"), Columns.longLong("TOTAL_TASK"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@threadpool", "Report threadPool status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (ThreadPoolView pool : context.threadPools()) {
            table.row(pool.name(), pool.poolSize(), pool.activeCount(), pool.queueSize(), pool.completedTaskCount(),
                    pool.taskCount());
        }
        return new AdminReply.Rows(table.build());
    }
}
