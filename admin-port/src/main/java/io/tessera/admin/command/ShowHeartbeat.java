package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@heartbeat}: one row per physical source of every data host; hosts by name, sources in configuration
 * order (MyCat's {@code ShowHeartbeat}, 11 columns). EXECUTE_TIME is MyCat's {@code "avg1m,avg10m,avg30m"} round trip
 * in milliseconds; LAST_ACTIVE_TIME is {@code yyyy-MM-dd HH:mm:ss} in the context clock's zone, NULL before the first
 * answer.
 */
final class ShowHeartbeat implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@heartbeat", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("NAME"), Columns.varString("TYPE"), Columns.varString("HOST"), Columns.longInt("PORT"),
            Columns.longInt("RS_CODE"), Columns.longInt("RETRY"), Columns.varString("STATUS"),
            Columns.longLong("TIMEOUT"), Columns.varString("EXECUTE_TIME"), Columns.varString("LAST_ACTIVE_TIME"),
            Columns.varString("STOP"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@heartbeat", "Report heartbeat status"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ZoneId zone = context.clock().getZone();
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (DataHostView host : Topology.sortedHosts(context)) {
            for (DataSourceView source : host.dataSources()) {
                HeartbeatStatus hb = source.heartbeat();
                table.row(source.name(), source.dbType(), source.host(), source.port(), hb.code(), hb.errorCount(),
                        hb.checking() ? "checking" : "idle", hb.timeoutMillis(),
                        hb.avgMillis1m() + "," + hb.avgMillis10m() + "," + hb.avgMillis30m(),
                        hb.lastActiveMillis() == 0 ? null : Formats.dateTime(hb.lastActiveMillis(), zone),
                        Boolean.toString(hb.stopped()));
            }
        }
        return new AdminReply.Rows(table.build());
    }
}
