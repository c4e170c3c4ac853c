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
 * {@code show @@parser}: per processor (event loop), the statements parsed, the milliseconds spent and the longest,
 * the connection whose statement took longest, the statements that took a cached route instead, and the route
 * cache's size (the same on every row: one cache serves all processors). MyCat 1.6's {@code ShowParser} has these 7
 * columns but answers one row of NULLs; Tessera fills them.
 */
final class ShowParser implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@parser", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("PROCESSOR_NAME"), Columns.longLong("PARSE_COUNT"), Columns.doubleColumn("TIME_COUNT"),
            Columns.doubleColumn("MAX_PARSE_TIME"), Columns.longLong("MAX_PARSE_SQL_ID"),
            Columns.longLong("CACHED_COUNT"), Columns.longInt("CACHE_SIZE"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@parser", "Report parser status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<RoutingCounts> processors = new ArrayList<>(context.routingCounts());
        processors.sort(Comparator.comparing(RoutingCounts::processor, NameOrder.INSTANCE));
        long cacheSize = context.routeCacheSize();
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (RoutingCounts c : processors) {
            table.row(c.processor(), c.parses(), Formats.millis(c.parseNanos()), Formats.millis(c.maxParseNanos()),
                    c.maxParseConnection(), c.cachedRoutes(), cacheSize);
        }
        return new AdminReply.Rows(table.build());
    }
}
