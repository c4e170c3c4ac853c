package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.admin.ConfigReload;
import io.tessera.admin.ReloadScope;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code reload @@config}, {@code reload @@config_all}, {@code reload @@user} and {@code rollback @@config}: read
 * {@code conf/} again (or go back to the configuration before the last reload) and swap it in whole
 * ({@link AdminActions#reloadConfig}, {@link AdminActions#rollbackConfig}). As MyCat, OK with 1 affected row and
 * "Reload config success" (or "Rollback config success"); unlike MyCat, the message goes on with what
 * {@code conf/} changed that this command leaves out, and a failure is an ERR that says what is wrong and where
 * instead of a bare "Reload config failure".
 */
final class ReloadConfig implements AdminCommand {

    /** What this instance does. */
    enum What {
        CONFIG("reload\\s+@@config", new HelpEntry("reload @@config", "Reload basic config from file")),
        CONFIG_ALL("reload\\s+@@config_all", new HelpEntry("reload @@config_all", "Reload all config from file")),
        USER("reload\\s+@@user", new HelpEntry("reload @@user", "Reload user config from file")),
        ROLLBACK("rollback\\s+@@config", new HelpEntry("rollback @@config", "Rollback all config from memory"));

        private final Pattern syntax;
        private final HelpEntry help;

        What(String regex, HelpEntry help) {
            this.syntax = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
            this.help = help;
        }
    }

    private final What what;
    private final AdminActions actions;

    ReloadConfig(What what, AdminActions actions) {
        this.what = what;
        this.actions = actions;
    }

    @Override
    public Pattern syntax() {
        return what.syntax;
    }

    @Override
    public boolean changesServer() {
        return true;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(what.help);
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        return new AdminReply.Pending(switch (what) {
            case CONFIG -> actions.reloadConfig(ReloadScope.BASIC).thenApply(done -> ok("Reload", done));
            case CONFIG_ALL -> actions.reloadConfig(ReloadScope.ALL).thenApply(done -> ok("Reload", done));
            case USER -> actions.reloadConfig(ReloadScope.USER).thenApply(done -> ok("Reload", done));
            case ROLLBACK -> actions.rollbackConfig().thenApply(done -> ok("Rollback", done));
        });
    }

    private static AdminReply ok(String verb, ConfigReload done) {
        String message = verb + " config success";
        if (!done.notes().isEmpty()) {
            message += "; " + String.join("; ", done.notes());
        }
        return new AdminReply.Ok(1, message);
    }
}
