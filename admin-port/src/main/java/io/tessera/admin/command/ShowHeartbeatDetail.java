package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatSample;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@heartbeat.detail where name = x}: the heartbeats data source {@code x} (a {@code <writeHost>} or
 * {@code <readHost>} {@code host} name) answered in the last 30 minutes, oldest first (MyCat's
 * {@code ShowHeartbeatDetail}, 6 columns): TIME when the answer came, EXECUTE_TIME the round trip in milliseconds.
 * Unlike MyCat, which answers one row of NULLs, an unknown name is an ERR that names it.
 */
final class ShowHeartbeatDetail implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "show\\s+@@heartbeat\\.detail\\s+where\\s+name\\s*=\\s*" + Topology.NAME_ARGUMENT,
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("NAME"), Columns.varString("TYPE"), Columns.varString("HOST"), Columns.longInt("PORT"),
            Columns.dateTime("TIME"), Columns.varString("EXECUTE_TIME"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@heartbeat.detail where name=?", "Report heartbeat current detail"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        DataSourceView source = Topology.source(context, args.group(2));
        ZoneId zone = context.clock().getZone();
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (HeartbeatSample sample : source.heartbeatSamples()) {
            table.row(source.name(), source.dbType(), source.host(), source.port(),
                    Formats.dateTime(sample.atMillis(), zone), Long.toString(sample.roundTripMillis()));
        }
        return new AdminReply.Rows(table.build());
    }
}
