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
 * {@code show @@sql.sum.table [true]}: reads and writes per logical table, the busiest first as MyCat sorts them
 * (MyCat's {@code ShowSQLSumTable}, 8 columns). RELATABLE and RELACOUNT list the tables named in the same statements,
 * each followed by {@code ", "} as MyCat writes them, or {@code NULL}; {@code true} zeroes the counts once shown.
 */
final class ShowSqlSumTable implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("show\\s+@@sql\\.sum\\.table(?:\\s+(true))?", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("ID"), Columns.varchar("TABLE"), Columns.longLong("R"), Columns.longLong("W"),
            Columns.varString("R%"), Columns.varString("RELATABLE"), Columns.varString("RELACOUNT"),
            Columns.longLong("LAST_TIME"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sql.sum.table", "Report  Table RW Stat "));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<SqlStatsView.TableSum> tables = new ArrayList<>(context.sqlStats().tables(args.group(1) != null));
        tables.sort(Comparator.comparingLong((SqlStatsView.TableSum t) -> t.reads() + t.writes()).reversed()
                .thenComparing(SqlStatsView.TableSum::table, NameOrder.INSTANCE));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        long id = 0;
        for (SqlStatsView.TableSum t : tables) {
            StringBuilder names = new StringBuilder();
            StringBuilder counts = new StringBuilder();
            for (SqlStatsView.Related related : t.related()) {
                names.append(related.table()).append(", ");
                counts.append(related.count()).append(", ");
            }
            table.row(++id, t.table(), t.reads(), t.writes(), ReadShare.of(t.reads(), t.writes()),
                    names.isEmpty() ? "NULL" : names.toString(), counts.isEmpty() ? "NULL" : counts.toString(),
                    t.lastMillis());
        }
        return new AdminReply.Rows(table.build());
    }
}
