package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.SchemaView;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code show @@database}: the logical schemas, by name (MyCat's {@code ShowDatabase}, one VAR_STRING column). */
final class ShowDatabase implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@database", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@database", "Report databases"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder().column(Columns.varString("DATABASE"));
        context.schemas().stream().map(SchemaView::name).sorted(NameOrder.INSTANCE).forEach(table::row);
        return new AdminReply.Rows(table.build());
    }
}
