package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.PoolStats;
import io.tessera.admin.SchemaView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@datanode [where schema = name]}: one row per data node, by name (MyCat's {@code ShowDataNode}, 12
 * columns, {@code DATHOST} spelt as MyCat spells it).
 *
 * <ul>
 *   <li>DATHOST is {@code dataHost/database}; INDEX is the data host's active write index; TYPE, ACTIVE, IDLE and SIZE
 *       are those of that active write host's pool (NULL when it has none). MyCat counts ACTIVE and IDLE per
 *       database of the source; Tessera's pools are per source, so nodes sharing a source show the same counts.
 *   <li>TOTAL_TIME, MAX_TIME and MAX_SQL are always 0, as in MyCat 1.6, which never measured them.
 *   <li>RECOVERY_TIME is the seconds until the active write host may be tried again after heartbeat failures, or -1.
 * </ul>
 * An unknown schema in the {@code where} clause is ERR 1105 (MyCat answers an empty result).
 */
final class ShowDataNode implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "show\\s+@@datanode(?:\\s+where\\s+schema\\s*=\\s*" + Topology.NAME_ARGUMENT + ")?",
            Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("NAME"), Columns.varString("DATHOST"), Columns.longInt("INDEX"),
            Columns.varString("TYPE"), Columns.longInt("ACTIVE"), Columns.longInt("IDLE"), Columns.longInt("SIZE"),
            Columns.longLong("EXECUTE"), Columns.doubleColumn("TOTAL_TIME"), Columns.doubleColumn("MAX_TIME"),
            Columns.longLong("MAX_SQL"), Columns.longLong("RECOVERY_TIME"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@datanode", "Report dataNodes"),
                new HelpEntry("show @@datanode where schema = ?", "Report dataNodes"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<DataNodeView> nodes = Topology.sortedNodes(context);
        String schemaName = args.group(2);
        if (schemaName != null) {
            SchemaView schema = context.schemas().stream().filter(s -> s.name().equals(schemaName)).findFirst()
                    .orElseThrow(() -> Topology.unknown("schema", schemaName));
            Set<String> names = new HashSet<>(schema.dataNodes());
            nodes = nodes.stream().filter(n -> names.contains(n.name())).toList();
        }
        Map<String, DataHostView> hosts = Topology.hostsByName(context);
        long now = context.clock().millis();
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (DataNodeView node : nodes) {
            DataHostView host = hosts.get(node.dataHost());
            DataSourceView source = host == null ? null : Topology.activeWriteSource(host);
            String dataHost = node.dataHost() + "/" + node.database();
            if (source == null) {
                table.row(node.name(), dataHost, null, null, null, null, null, node.executeCount(), 0, 0, 0L, -1L);
                continue;
            }
            PoolStats pool = source.poolStats();
            long recovery = source.heartbeat().recoveryMillis() - now;
            table.row(node.name(), dataHost, host.activeWriteIndex(), source.dbType(), pool.active(), pool.idle(),
                    pool.maxCon(), node.executeCount(), 0, 0, 0L, recovery > 0 ? recovery / 1000 : -1L);
        }
        return new AdminReply.Rows(table.build());
    }
}
