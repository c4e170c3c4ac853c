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
 * {@code show @@sql.large [true]}: each user's SELECTs that answered more than
 * {@value SqlStatsView#LARGE_ROWS} rows, the largest kept; users by name, each one's largest first (MyCat's
 * {@code ShowSQLLarge}, with the contract's IP column last); {@code true} forgets them once shown.
 */
final class ShowSqlLarge implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("show\\s+@@sql\\.large(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("USER"), Columns.longLong("ROWS"), Columns.longLong("START_TIME"),
            Columns.longLong("EXECUTE_TIME"), Columns.varString("SQL"), Columns.varString("IP"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql.large", "Report large result SQL")); // not in MyCat's list
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.Large> large = new ArrayList<>(context.sqlStats().large(args.group(1) != null));
        large.sort(Comparator.comparing(SqlStatsView.Large::user, NameOrder.INSTANCE)
                .thenComparing(Comparator.comparingLong(SqlStatsView.Large::rows).reversed())
                .thenComparingLong(SqlStatsView.Large::startMillis));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (SqlStatsView.Large l : large) {
            table.row(l.user(), l.rows(), l.startMillis(), l.executeMillis(), l.sql(), l.ip());
        }
        return new AdminReply.Rows(table.build());
    }
}
