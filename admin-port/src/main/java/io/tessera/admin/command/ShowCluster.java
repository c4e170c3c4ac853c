package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.ClusterNodeView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@cluster}: the nodes of the Tessera cluster this node belongs to ({@code myid.properties} with
 * {@code loadZk=true}), one row each: those that joined, and those {@code clusterNodes} expects that did not; which
 * configuration version each runs. No rows for a node that runs on its own. Tessera's own command: MyCat 1.6 shows
 * its cluster through ZooKeeper only.
 */
final class ShowCluster implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@cluster", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("MYID"), Columns.varString("STATE"), Columns.varString("HOST"),
            Columns.longInt("PORT"), Columns.longInt("MANAGER_PORT"), Columns.varString("VERSION"),
            Columns.longLong("CONFIG_VERSION"), Columns.varString("CONFIG_ERROR"), Columns.varString("SELF"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@cluster", "Report cluster nodes and config versions"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (ClusterNodeView node : context.clusterNodes()) {
            table.row(node.myid(), node.state(), node.host(), node.serverPort(), node.managerPort(), node.version(),
                    node.configVersion(), node.configError(), node.self() ? "YES" : "NO");
        }
        return new AdminReply.Rows(table.build());
    }
}
