package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.SqlStatsView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@sql [true]}: the last statements of each user, users by name and each one's oldest first (MyCat's
 * {@code ShowSQL}, 6 columns); {@code true} forgets them once shown. Needs {@code useSqlStat=1}.
 */
final class ShowSql implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@sql(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("ID"), Columns.varchar("USER"), Columns.longLong("START_TIME"),
            Columns.longLong("EXECUTE_TIME"), Columns.varString("SQL"), Columns.varString("IP"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql", "Report SQL list"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.Executed> statements = new ArrayList<>(context.sqlStats().recent(args.group(1) != null));
        statements.sort(Comparator.comparing(SqlStatsView.Executed::user, NameOrder.INSTANCE)
                .thenComparingLong(SqlStatsView.Executed::startMillis));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        long id = 0;
        for (SqlStatsView.Executed s : statements) {
            table.row(++id, s.user(), s.startMillis(), s.executeMillis(), s.sql(), s.ip());
        }
        return new AdminReply.Rows(table.build());
    }
}
