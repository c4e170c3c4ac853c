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
 * {@code show @@sql.sum [true]} and {@code show @@sql.sum.user [true]}, the same report: reads and writes per user,
 * users by name (MyCat's {@code ShowSQLSumUser}, 11 columns); {@code true} zeroes the counts once shown.
 */
final class ShowSqlSumUser implements AdminCommand {

    /** Which of MyCat's two names this instance answers to. */
    enum Which {
        SUM("show\\s+@@sql\\.sum(?:\\s+(true))?", "show @@sql.sum"),
        SUM_USER("show\\s+@@sql\\.sum\\.user(?:\\s+(true))?", "show @@sql.sum.user");

        private final Pattern syntax;
        private final HelpEntry help;

        Which(String regex, String statement) {
            this.syntax = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
            this.help = new HelpEntry(statement, "Report  User RW Stat "); // MyCat's text, spaces and all
        }
    }

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("ID"), Columns.varchar("USER"), Columns.longLong("R"), Columns.longLong("W"),
            Columns.varString("R%"), Columns.varString("MAX"), Columns.longLong("NET_IN"),
            Columns.longLong("NET_OUT"), Columns.varString("TIME_COUNT"), Columns.varString("TTL_COUNT"),
            Columns.longLong("LAST_TIME"));

    private final Which which;

    ShowSqlSumUser(Which which) {
        this.which = which;
    }

    @Override
    public Pattern syntax() {
        return which.syntax;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(which.help);
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.UserSum> users = new ArrayList<>(context.sqlStats().users(args.group(1) != null));
        users.sort(Comparator.comparing(SqlStatsView.UserSum::user, NameOrder.INSTANCE));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        long id = 0;
        for (SqlStatsView.UserSum u : users) {
            table.row(++id, u.user(), u.reads(), u.writes(), ReadShare.of(u.reads(), u.writes()),
                    Integer.toString(u.maxConcurrent()), u.netInBytes(), u.netOutBytes(),
                    u.byTimeOfDay().toString(), u.byDuration().toString(), u.lastMillis());
        }
        return new AdminReply.Rows(table.build());
    }
}
