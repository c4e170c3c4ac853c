package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code reload @@sqlslow=<ms>}: statements that run at least this many milliseconds are slow from now on, and the
 * slow statements recorded so far are forgotten (MyCat's {@code ReloadSqlSlowTime}, OK 1 row). Unlike MyCat, whose
 * users not yet seen keep 100 ms, the threshold holds for every user.
 */
final class ReloadSqlSlow implements AdminCommand {

    private static final Pattern SYNTAX =
            Pattern.compile("reload\\s+@@sqlslow\\s*=\\s*(\\S*)", Pattern.CASE_INSENSITIVE);

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
        return List.of(new HelpEntry("reload @@sqlslow=", "Set Slow SQL Time(ms)"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        long millis;
        try {
            millis = Long.parseLong(args.group(1));
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0) {
            throw ErrorCode.PARSE_ERROR.exception("reload @@sqlslow: " + args.group(1)
                    + " (expected: milliseconds, a whole number >= 0)");
        }
        context.sqlStats().slowMillis(millis);
        return new AdminReply.Ok(1, "Reset show  @@sql.slow time success"); // MyCat's message, both spaces
    }
}
