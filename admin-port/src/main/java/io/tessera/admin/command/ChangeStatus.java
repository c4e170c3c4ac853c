package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code offline} and {@code online}: take the server out of service for load balancers and put it back
 * ({@link AdminActions#offline()}, {@link AdminActions#online()}); {@code show @@server} STATUS shows which. Both
 * answer OK with 1 affected row, whatever the status was before (MyCat's {@code Offline} and {@code Online}).
 */
final class ChangeStatus implements AdminCommand {

    /** The status this instance sets. */
    enum To {
        OFFLINE("offline", new HelpEntry("offline", "Change server status to OFF")),
        ONLINE("online", new HelpEntry("online", "Change server status to ON"));

        private final Pattern syntax;
        private final HelpEntry help;

        To(String regex, HelpEntry help) {
            this.syntax = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
            this.help = help;
        }
    }

    private static final AdminReply.Ok CHANGED = new AdminReply.Ok(1, "");

    private final To to;
    private final AdminActions actions;

    ChangeStatus(To to, AdminActions actions) {
        this.to = to;
        this.actions = actions;
    }

    @Override
    public Pattern syntax() {
        return to.syntax;
    }

    @Override
    public boolean changesServer() {
        return true;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(to.help);
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        return new AdminReply.Pending(switch (to) {
            case OFFLINE -> actions.offline().thenApply(done -> CHANGED);
            case ONLINE -> actions.online().thenApply(done -> CHANGED);
        });
    }
}
