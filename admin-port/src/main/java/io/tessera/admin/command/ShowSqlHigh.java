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
 * {@code show @@sql.high [true]}: each user's statements by text, how often and how long they ran; users by name, each
 * one's most frequent first (MyCat's {@code ShowSQLHigh}, with the contract's IP column last); {@code true} forgets
 * them once shown. EXECUTE_TIME is the last run's time, as in MyCat.
 */
final class ShowSqlHigh implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("show\\s+@@sql\\.high(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("ID"), Columns.varchar("USER"), Columns.longLong("FREQUENCY"),
            Columns.longLong("AVG_TIME"), Columns.longLong("MAX_TIME"), Columns.longLong("MIN_TIME"),
            Columns.longLong("EXECUTE_TIME"), Columns.longLong("LAST_TIME"), Columns.varString("SQL"),
            Columns.varString("IP"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql.high", "Report Hight Frequency SQL")); // MyCat's spelling
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.Frequent> texts = new ArrayList<>(context.sqlStats().frequent(args.group(1) != null));
        texts.sort(Comparator.comparing(SqlStatsView.Frequent::user, NameOrder.INSTANCE)
                .thenComparing(Comparator.comparingLong(SqlStatsView.Frequent::count).reversed())
                .thenComparing(SqlStatsView.Frequent::sql));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        long id = 0;
        for (SqlStatsView.Frequent f : texts) {
            table.row(++id, f.user(), f.count(), f.avgMillis(), f.maxMillis(), f.minMillis(), f.lastExecuteMillis(),
                    f.lastMillis(), f.sql(), f.ip());
        }
        return new AdminReply.Rows(table.build());
    }
}
