package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.CacheCounts;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@cache}: one row per cache of the configuration in force, its bound, its size, and its lookups, hits
 * and puts (MyCat's {@code ShowCache}, 8 columns). MyCat declares every number LONG (32 bits); ACCESS, HIT and PUT
 * outgrow that on a busy server and LAST_ACCESS and LAST_PUT are epoch milliseconds, which Connector/J then refuses
 * to read, so those five are LONGLONG here. Rows come in the context's order.
 */
final class ShowCache implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@cache", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("CACHE"), Columns.longInt("MAX"), Columns.longInt("CUR"), Columns.longLong("ACCESS"),
            Columns.longLong("HIT"), Columns.longLong("PUT"), Columns.longLong("LAST_ACCESS"),
            Columns.longLong("LAST_PUT"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@cache", "Report system cache usage"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (CacheCounts c : context.caches()) {
            table.row(c.name(), c.max(), c.current(), c.accesses(), c.hits(), c.puts(), c.lastAccessMillis(),
                    c.lastPutMillis());
        }
        return new AdminReply.Rows(table.build());
    }
}
