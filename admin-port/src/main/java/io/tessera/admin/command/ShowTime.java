package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@time.current} and {@code show @@time.startup}: one LONGLONG column TIMESTAMP, in epoch milliseconds
 * (MyCat's {@code ShowTime}).
 */
final class ShowTime implements AdminCommand {

    /** Which time this instance reports. */
    enum Which {
        CURRENT("show\\s+@@time\\.current", new HelpEntry("show @@time.current", "Report current timestamp")),
        STARTUP("show\\s+@@time\\.startup", new HelpEntry("show @@time.startup", "Report startup timestamp"));

        private final Pattern syntax;
        private final HelpEntry help;

        Which(String regex, HelpEntry help) {
            this.syntax = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
            this.help = help;
        }
    }

    private final Which which;

    ShowTime(Which which) {
        this.which = which;
    }

    @Override
    public Pattern syntax() {
        return which.syntax;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(which.help);
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        long millis = switch (which) {
            case CURRENT -> context.clock().millis();
            case STARTUP -> context.startupMillis();
        };
        return new AdminReply.Rows(ResultTable.builder()
                .column(Columns.longLong("TIMESTAMP"))
                .row(millis)
                .build());
    }
}
