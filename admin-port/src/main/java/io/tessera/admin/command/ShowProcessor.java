package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.ProcessorView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@processor}: one row per event loop of the 8066 port, {@code Processor0} first (MyCat's
 * {@code ShowProcessor}, 12 columns).
 */
final class ShowProcessor implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@processor", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("NAME"), Columns.longLong("NET_IN"), Columns.longLong("NET_OUT"),
            Columns.longLong("REACT_COUNT"), Columns.longInt("R_QUEUE"), Columns.longInt("W_QUEUE"),
            Columns.longLong("FREE_BUFFER"), Columns.longLong("TOTAL_BUFFER"), Columns.tiny("BU_PERCENT"),
            Columns.longInt("BU_WARNS"), Columns.longInt("FC_COUNT"), Columns.longInt("BC_COUNT"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@processor", "Report processor status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<ProcessorView> processors = new ArrayList<>(context.processors());
        processors.sort(Comparator.comparing(ProcessorView::name, NameOrder.INSTANCE));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (ProcessorView p : processors) {
            table.row(p.name(), p.netInBytes(), p.netOutBytes(), p.reactCount(), p.readQueue(), p.writeQueueBytes(),
                    p.freeBuffer(), p.totalBuffer(), p.bufferPercent(), p.bufferWarnings(), p.frontConnections(),
                    p.backConnections());
        }
        return new AdminReply.Rows(table.build());
    }
}
