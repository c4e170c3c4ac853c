package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code kill @@connection id1,id2,...}: closes those client connections ({@link AdminActions#killConnections}) and
 * answers OK with the number closed as affected rows (MyCat's {@code KillConnection}). As in MyCat, the ids are the
 * ones {@code show @@connection} lists, separated by commas with optional spaces; an id that is not a number or names
 * no open connection is skipped, so a list of nothing but such ids answers OK with 0 rows. Unlike MyCat, an id given
 * twice counts once.
 */
final class KillConnection implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("kill\\s+@@connection\\s+(\\S.*)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private final AdminActions actions;

    KillConnection(AdminActions actions) {
        this.actions = actions;
    }

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
        return List.of(new HelpEntry("kill @@connection id1,id2,...", "Kill the specified connections"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        List<Long> ids = ids(args.group(1));
        if (ids.isEmpty()) {
            return new AdminReply.Ok(0, "");
        }
        return new AdminReply.Pending(actions.killConnections(ids)
                .thenApply(killed -> new AdminReply.Ok(killed.count(), "")));
    }

    /** The numbers of a comma-separated list, each once, in order; whatever is not a number is skipped. */
    static List<Long> ids(String list) {
        Set<Long> ids = new LinkedHashSet<>();
        for (String item : list.split(",")) {
            try {
                ids.add(Long.parseLong(item.strip()));
            } catch (NumberFormatException e) {
                // MyCat skips it too
            }
        }
        return List.copyOf(ids);
    }
}
