package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code show @@version}: the server version string (MyCat's {@code ShowVersion}, one STRING column). */
final class ShowVersion implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@version", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@version", "Report server version"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        return new AdminReply.Rows(ResultTable.builder()
                .column(Columns.string("VERSION"))
                .row(context.version())
                .build());
    }
}
