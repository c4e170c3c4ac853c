package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@help}: the statements this server answers, in registry order (MyCat's {@code ShowHelp}, columns
 * STATEMENT and DESCRIPTION). Lists only commands that exist; like MyCat's, it does not list itself.
 */
final class ShowHelp implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@help", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.varString("STATEMENT"), Columns.varString("DESCRIPTION"));

    private final List<HelpEntry> entries;

    ShowHelp(List<HelpEntry> entries) {
        this.entries = List.copyOf(entries);
    }

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of();
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().columns(COLUMNS);
        for (HelpEntry entry : entries) {
            table.row(entry.statement(), entry.description());
        }
        return new AdminReply.Rows(table.build());
    }
}
