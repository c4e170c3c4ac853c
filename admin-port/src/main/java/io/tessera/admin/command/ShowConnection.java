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
 * {@code show @@connection}: one row per 8066 client connection, by connection id (MyCat's {@code ShowConnection},
 * 15 columns; the lower-case {@code txlevel} and {@code autocommit} labels are MyCat's).
 */
final class ShowConnection implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@connection", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("PROCESSOR"), Columns.longInt("ID"), Columns.varString("HOST"), Columns.longInt("PORT"),
            Columns.longInt("LOCAL_PORT"), Columns.varString("USER"), Columns.varString("SCHEMA"),
            Columns.varString("CHARSET"), Columns.longLong("NET_IN"), Columns.longLong("NET_OUT"),
            Columns.longLong("ALIVE_TIME(S)"), Columns.longInt("RECV_BUFFER"), Columns.longInt("SEND_QUEUE"),
            Columns.varString("txlevel"), Columns.varString("autocommit"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@connection", "Report connection status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        long now = context.clock().millis();
        List<ConnectionView> connections = new ArrayList<>(context.connections());
        connections.sort(Comparator.comparingLong(ConnectionView::id));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (ConnectionView c : connections) {
            table.row(c.processor(), c.id(), c.host(), c.port(), c.localPort(), c.user(), c.schema(),
                    c.charset() + ":" + c.charsetIndex(), c.netInBytes(), c.netOutBytes(),
                    Math.max(0, now - c.openedMillis()) / 1000, c.receiveBufferBytes(), c.sendQueueSize(),
                    Integer.toString(c.txIsolation()), Boolean.toString(c.autocommit()));
        }
        return new AdminReply.Rows(table.build());
    }
}
