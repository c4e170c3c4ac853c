package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.ConnectionView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@connection.sql}: per 8066 client connection, by id, the statement it runs now or ran last, when it
 * started and how long it ran or has run so far (MyCat's {@code ShowConnectionSQL}, 7 columns). A connection that ran
 * no statement shows START_TIME and EXECUTE_TIME 0 and SQL NULL.
 */
final class ShowConnectionSql implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@connection\\.sql", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longInt("ID"), Columns.varString("HOST"), Columns.varString("USER"), Columns.varString("SCHEMA"),
            Columns.longLong("START_TIME"), Columns.longLong("EXECUTE_TIME"), Columns.varString("SQL"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@connection.sql", "Report connection sql"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<ConnectionView> connections = new ArrayList<>(context.connections());
        connections.sort(Comparator.comparingLong(ConnectionView::id));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (ConnectionView c : connections) {
            String sql = c.lastSql();
            table.row(c.id(), c.host(), c.user(), c.schema(), sql == null ? 0 : c.lastSqlStartMillis(),
                    sql == null ? 0 : c.lastSqlMillis(), sql);
        }
        return new AdminReply.Rows(table.build());
    }
}
