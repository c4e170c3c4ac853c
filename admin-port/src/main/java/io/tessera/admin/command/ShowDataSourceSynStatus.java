package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.ReplicaStatusView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@datasource.synstatus}: the replication state each replica's last heartbeat read (MyCat's
 * {@code ShowDatasourceSyn}, 14 columns with its types; its {@code port} is a string column and {@code Master_Use} is
 * {@code Master_User}). Only data hosts with {@code switchType="2"} and a {@code show slave status} heartbeat read it,
 * and only sources that replicate have a row; data hosts by name, sources in configuration order.
 */
final class ShowDataSourceSynStatus implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@datasource\\.synstatus",
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("name"), Columns.varString("host"), Columns.varString("port"),
            Columns.varString("Master_Host"), Columns.longInt("Master_Port"), Columns.varString("Master_Use"),
            Columns.longInt("Seconds_Behind_Master"), Columns.varString("Slave_IO_Running"),
            Columns.varString("Slave_SQL_Running"), Columns.varString("Slave_IO_State"),
            Columns.longInt("Connect_Retry"), Columns.varString("Last_IO_Error"), Columns.varString("Last_SQL_Error"),
            Columns.longInt("Last_SQL_Errno"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@datasource.synstatus", "Report datasource data synchronous"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (DataHostView host : Topology.sortedHosts(context)) {
            for (DataSourceView source : host.dataSources()) {
                Optional<ReplicaStatusView> replica = source.replicaStatus();
                if (replica.isEmpty()) {
                    continue;
                }
                ReplicaStatusView r = replica.get();
                table.row(source.name(), source.host(), Integer.toString(source.port()), r.masterHost(),
                        orNull(r.masterPort()), r.masterUser(), orNull(r.secondsBehind()), r.ioRunning(),
                        r.sqlRunning(), r.ioState(), orNull(r.connectRetry()), r.lastIoError(), r.lastSqlError(),
                        orNull(r.lastSqlErrno()));
            }
        }
        return new AdminReply.Rows(table.build());
    }

    /** A number the server printed, or NULL where it printed NULL (-1). */
    static Long orNull(long value) {
        return value < 0 ? null : value;
    }
}
