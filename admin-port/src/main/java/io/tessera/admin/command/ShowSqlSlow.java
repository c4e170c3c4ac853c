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
 * {@code show @@sql.slow [true]}: each user's slowest statements that ran at least the slow threshold
 * ({@code reload @@sqlslow}), users by name and each one's slowest first (MyCat 1.6.7's {@code ShowSQLSlow}, 7
 * columns; DATASOURCE names the data nodes the statement ran on); {@code true} forgets them once shown.
 */
final class ShowSqlSlow implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("show\\s+@@sql\\.slow(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("USER"), Columns.varString("DATASOURCE"), Columns.longLong("START_TIME"),
            Columns.longLong("EXECUTE_TIME"), Columns.varString("SQL"), Columns.varString("IP"),
            Columns.varString("SCHEMA"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql.slow", "Report slow SQL"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.Slow> slow = new ArrayList<>(context.sqlStats().slow(args.group(1) != null));
        slow.sort(Comparator.comparing(SqlStatsView.Slow::user, NameOrder.INSTANCE)
                .thenComparing(Comparator.comparingLong(SqlStatsView.Slow::executeMillis).reversed())
                .thenComparingLong(SqlStatsView.Slow::startMillis));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (SqlStatsView.Slow s : slow) {
            table.row(s.user(), s.dataNodes(), s.startMillis(), s.executeMillis(), s.sql(), s.ip(), s.schema());
        }
        return new AdminReply.Rows(table.build());
    }
}
