package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.BackendConnectionView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@backend}: one row per connection Tessera holds to a data host's server, by processor, then server,
 * then id (MyCat's {@code ShowBackend}, 17 columns; the lower-case labels are MyCat's). txlevel is MyCat's isolation
 * code, or {@code DEFAULT} where the server's own default is in force.
 */
final class ShowBackend implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@backend", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("processor"), Columns.longInt("id"), Columns.longInt("mysqlId"),
            Columns.varString("host"), Columns.longInt("port"), Columns.longInt("l_port"), Columns.longLong("net_in"),
            Columns.longLong("net_out"), Columns.longLong("life"), Columns.varString("closed"),
            Columns.varString("borrowed"), Columns.longInt("SEND_QUEUE"), Columns.varString("schema"),
            Columns.varString("charset"), Columns.varString("txlevel"), Columns.varString("autocommit"),
            Columns.varString("tx_readonly"));

    private static final Comparator<BackendConnectionView> ORDER = Comparator
            .comparing(BackendConnectionView::processor, NameOrder.INSTANCE)
            .thenComparing(BackendConnectionView::host)
            .thenComparingInt(BackendConnectionView::port)
            .thenComparingLong(BackendConnectionView::id);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@backend", "Report backend connection status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        long now = context.clock().millis();
        List<BackendConnectionView> backends = new ArrayList<>(context.backends());
        backends.sort(ORDER);
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (BackendConnectionView b : backends) {
            String txLevel = b.txIsolation() == BackendConnectionView.SERVER_DEFAULT ? "DEFAULT"
                    : Integer.toString(b.txIsolation());
            table.row(b.processor(), b.id(), b.mysqlId(), b.host(), b.port(), b.localPort(), b.netInBytes(),
                    b.netOutBytes(), Math.max(0, now - b.openedMillis()) / 1000, Boolean.toString(b.closed()),
                    Boolean.toString(b.borrowed()), b.sendQueueSize(), b.schema(), b.charset() + ":" + b.charsetIndex(),
                    txLevel, Boolean.toString(b.autocommit()), Boolean.toString(b.txReadOnly()));
        }
        return new AdminReply.Rows(table.build());
    }
}
