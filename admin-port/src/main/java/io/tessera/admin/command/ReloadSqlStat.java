package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code reload @@sqlstat=open|close}: starts or stops recording SQL statistics; what was recorded stays. Answers
 * OK, 1 row, with MyCat's {@code ReloadSqlStat} message.
 */
final class ReloadSqlStat implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("reload\\s+@@sqlstat\\s*=\\s*(open|close)", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public boolean changesServer() {
        return true;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("reload @@sqlstat=open", "Open real-time sql stat analyzer"),
                new HelpEntry("reload @@sqlstat=close", "Close real-time sql stat analyzer"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        String stat = args.group(1).toLowerCase(Locale.ROOT);
        context.sqlStats().recording(stat.equals("open"));
        return new AdminReply.Ok(1, "Set sql stat module isclosed=" + stat + ", to succeed by manager. ");
    }
}
