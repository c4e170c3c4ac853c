package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.PoolStats;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@datasource [where datanode = name]}: one row per (data node, physical source of its data host) with
 * the pool's counters; rows by data node name, then sources in configuration order. Columns and order are MyCat
 * 1.6.7.6's ({@code ShowDataSource}, 12 columns), so existing DBA scripts keep working. An unknown data node in the
 * {@code where} clause is ERR 1105 (MyCat answers an empty result).
 */
final class ShowDataSource implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "show\\s+@@datasource(?:\\s+where\\s+datanode\\s*=\\s*" + Topology.NAME_ARGUMENT + ")?",
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("DATANODE"), Columns.varString("NAME"), Columns.varString("TYPE"),
            Columns.varString("HOST"), Columns.longInt("PORT"), Columns.varString("W/R"), Columns.longInt("ACTIVE"),
            Columns.longInt("IDLE"), Columns.longInt("SIZE"), Columns.longLong("EXECUTE"),
            Columns.longInt("READ_LOAD"), Columns.longInt("WRITE_LOAD"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@datasource", "Report dataSources"),
                new HelpEntry("show @@datasource where dataNode = ?", "Report dataSources"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        String only = args.group(2);
        List<DataNodeView> nodes = Topology.sortedNodes(context);
        if (only != null) {
            nodes = nodes.stream().filter(n -> n.name().equals(only)).toList();
            if (nodes.isEmpty()) {
                throw Topology.unknown("data node", only);
            }
        }
        Map<String, DataHostView> hosts = Topology.hostsByName(context);
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (DataNodeView node : nodes) {
            DataHostView host = hosts.get(node.dataHost());
            if (host == null) {
                continue; // a data node always names a configured data host; nothing to show otherwise
            }
            for (DataSourceView source : host.dataSources()) {
                PoolStats pool = source.poolStats();
                table.row(node.name(), source.name(), source.dbType(), source.host(), source.port(),
                        source.isReadHost() ? "R" : "W", pool.active(), pool.idle(), pool.maxCon(),
                        pool.executeCount(), pool.readCount(), pool.writeCount());
            }
        }
        return new AdminReply.Rows(table.build());
    }
}
