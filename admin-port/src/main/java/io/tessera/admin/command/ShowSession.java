package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.SessionView;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@session}: each client session that holds backend connections now, with how many and which
 * (MyCat's {@code ShowSession}: SESSION, DN_COUNT, DN_LIST, all VAR_STRING; DN_LIST one line per connection), by
 * connection id.
 */
final class ShowSession implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@session", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@session", "Report front session details"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        return new AdminReply.Pending(context.sessions().thenApply(sessions -> {
            List<SessionView> sorted = new ArrayList<>(sessions);
            sorted.sort(Comparator.comparingLong(SessionView::connectionId));
            ResultTable.Builder table = ResultTable.builder()
                    .column(Columns.varString("SESSION"))
                    .column(Columns.varString("DN_COUNT"))
                    .column(Columns.varString("DN_LIST"));
            for (SessionView view : sorted) {
                table.row(String.valueOf(view.connectionId()), String.valueOf(view.backends().size()),
                        String.join("\r\n", view.backends()));
            }
            return new AdminReply.Rows(table.build());
        }));
    }
}
