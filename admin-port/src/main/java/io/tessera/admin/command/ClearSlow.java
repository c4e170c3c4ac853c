package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.SqlStatsView;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code clear @@slow where schema = name} and {@code clear @@slow where datanode = name}: forgets the slow statements
 * ({@code show @@sql.slow}) run with that schema as the session's, or sent to that data node (among others). MyCat
 * 1.6's {@code ClearSlow} only checks the name (its clearing is commented out); Tessera clears, and answers OK with
 * the statements forgotten as affected rows. An unknown name is ERR 1105 (MyCat: {@code Invalid Schema:name}).
 */
final class ClearSlow implements AdminCommand {

    /** What the {@code where} clause names; one instance each, as {@link Topology#NAME_ARGUMENT} must be group 1. */
    enum By {
        SCHEMA("schema", "Clear slow sql by schema"),
        DATA_NODE("datanode", "Clear slow sql by datanode");

        private final Pattern syntax;
        private final HelpEntry help;

        By(String keyword, String description) {
            this.syntax = Pattern.compile("clear\\s+@@slow\\s+where\\s+" + keyword + "\\s*=\\s*"
                    + Topology.NAME_ARGUMENT, Pattern.CASE_INSENSITIVE);
            this.help = new HelpEntry("clear @@slow where " + keyword + " = ?", description);
        }
    }

    private final By by;

    ClearSlow(By by) {
        this.by = by;
    }

    @Override
    public Pattern syntax() {
        return by.syntax;
    }

    @Override
    public boolean changesServer() {
        return true;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(by.help);
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        String name = args.group(2);
        Predicate<SqlStatsView.Slow> which;
        if (by == By.SCHEMA) {
            if (context.schemas().stream().noneMatch(s -> s.name().equals(name))) {
                throw Topology.unknown("schema", name);
            }
            which = slow -> name.equals(slow.schema());
        } else {
            if (context.dataNodes().stream().noneMatch(n -> n.name().equals(name))) {
                throw Topology.unknown("data node", name);
            }
            which = slow -> Arrays.asList(slow.dataNodes().split(",")).contains(name);
        }
        return new AdminReply.Ok(context.sqlStats().clearSlow(which), "");
    }
}
