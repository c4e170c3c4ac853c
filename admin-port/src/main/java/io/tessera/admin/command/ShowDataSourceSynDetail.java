package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatSample;
import io.tessera.admin.ReplicaStatusView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@datasource.syndetail where name = x}: replica {@code x}'s lag at each heartbeat of the last 30
 * minutes that read one, oldest first (MyCat's {@code ShowDatasourceSynDetail}, 8 columns): TIME when the answer
 * came, Seconds_Behind_Master what it said, with the replica's primary from its last answer. No rows for a source
 * that does not replicate or whose heartbeat reads no replication; an unknown name is an ERR that names it.
 */
final class ShowDataSourceSynDetail implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "show\\s+@@datasource\\.syndetail\\s+where\\s+name\\s*=\\s*" + Topology.NAME_ARGUMENT,
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("name"), Columns.varString("host"), Columns.varString("port"),
            Columns.varString("Master_Host"), Columns.longInt("Master_Port"), Columns.varString("Master_Use"),
            Columns.dateTime("TIME"), Columns.longInt("Seconds_Behind_Master"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@datasource.syndetail where name=?",
                "Report datasource data synchronous detail"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        DataSourceView source = Topology.source(context, args.group(2));
        ZoneId zone = context.clock().getZone();
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        ReplicaStatusView replica = source.replicaStatus().orElse(null);
        if (replica != null) {
            for (HeartbeatSample sample : source.heartbeatSamples()) {
                if (sample.secondsBehind() >= 0) {
                    table.row(source.name(), source.host(), Integer.toString(source.port()), replica.masterHost(),
                            ShowDataSourceSynStatus.orNull(replica.masterPort()), replica.masterUser(),
                            Formats.dateTime(sample.atMillis(), zone), sample.secondsBehind());
                }
            }
        }
        return new AdminReply.Rows(table.build());
    }
}
