package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.RoutingCounts;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@router}: per processor (event loop), the statements routed (planned; not those that took a cached
 * route), the milliseconds spent and the longest, and the connection whose statement took longest. MyCat 1.6's
 * {@code ShowRouter} has these 5 columns but answers NULLs after the processor's name; Tessera fills them.
 */
final class ShowRouter implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@router", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("PROCESSOR_NAME"), Columns.longLong("ROUTE_COUNT"), Columns.floatColumn("TIME_COUNT"),
            Columns.floatColumn("MAX_ROUTE_TIME"), Columns.longLong("MAX_ROUTE_SQL_ID"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@router", "Report router status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<RoutingCounts> processors = new ArrayList<>(context.routingCounts());
        processors.sort(Comparator.comparing(RoutingCounts::processor, NameOrder.INSTANCE));
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (RoutingCounts c : processors) {
            table.row(c.processor(), c.routes(), Formats.millis(c.routeNanos()), Formats.millis(c.maxRouteNanos()),
                    c.maxRouteConnection());
        }
        return new AdminReply.Rows(table.build());
    }
}
