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
 * {@code show @@sql.resultset [true]}: each user's statements, by text, whose answer had at least MyCat's
 * {@code maxResultSet} bytes ({@link SqlStatsView#bigResultBytes()}), how many times, and the bytes of the last such
 * answer; users by name, each one's most frequent first (MyCat's {@code ShowSqlResultSet}, 5 columns); {@code true}
 * forgets them once shown, which MyCat's command cannot.
 */
final class ShowSqlResultSet implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("show\\s+@@sql\\.resultset(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("ID"), Columns.varchar("USER"), Columns.longLong("FREQUENCY"), Columns.varString("SQL"),
            Columns.int24("RESULTSET_SIZE"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql.resultset", "Report BIG RESULTSET SQL"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.BigResult> big = new ArrayList<>(context.sqlStats().bigResults(args.group(1) != null));
        big.sort(Comparator.comparing(SqlStatsView.BigResult::user, NameOrder.INSTANCE)
                .thenComparing(Comparator.comparingLong(SqlStatsView.BigResult::count).reversed())
                .thenComparing(SqlStatsView.BigResult::sql));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        long id = 0;
        for (SqlStatsView.BigResult b : big) {
            table.row(++id, b.user(), b.count(), b.sql(), b.bytes());
        }
        return new AdminReply.Rows(table.build());
    }
}
