package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.WhiteHostView;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@white}: server.xml's white list, one row per {@code <host>} entry with its users separated by commas,
 * in document order (MyCat's {@code ShowWhiteHost}: IP, USER). No rows when there is no white list.
 */
final class ShowWhite implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@white", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@white", "show server white host"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder()
                .column(Columns.varString("IP"))
                .column(Columns.varString("USER"));
        for (WhiteHostView host : context.whiteHosts()) {
            table.row(host.host(), String.join(",", host.users()));
        }
        return new AdminReply.Rows(table.build());
    }
}
