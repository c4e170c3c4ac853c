package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.protocol.error.ErrorCode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code switch @@datasource name[,name...][:index]}: makes write host {@code index} (counting the data host's
 * {@code <writeHost>}s from 0), or the one after the active one when no index is given, the active write host of each
 * named data host ({@link AdminActions#switchDataSource}), as MyCat's {@code SwitchDataSource}: OK with the number of
 * data hosts switched as affected rows; names of no data host are skipped, and {@code host$1-3} stands for
 * {@code host1,host2,host3}; a name may be quoted as in a {@code where} clause. Unlike MyCat, a switch that cannot be
 * done (no such write host, or one whose heartbeat failed) answers an ERR that says why; the data hosts listed before
 * it have switched.
 */
final class SwitchDataSource implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "switch\\s+@@datasource\\s+([^:\\s][^:]*?)\\s*(?::\\s*(\\d+))?", Pattern.CASE_INSENSITIVE);

    private final AdminActions actions;

    SwitchDataSource(AdminActions actions) {
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
        return List.of(new HelpEntry("switch @@datasource name:index", "Switch dataSource"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        OptionalInt index = args.group(2) == null ? OptionalInt.empty() : OptionalInt.of(index(args.group(2)));
        Set<String> known = new LinkedHashSet<>();
        for (DataHostView host : context.dataHosts()) {
            known.add(host.name());
        }
        List<String> hosts = new ArrayList<>();
        for (String name : DataHostNames.parse(args.group(1), "switch @@datasource")) {
            if (known.contains(name)) {
                hosts.add(name);
            }
        }
        CompletionStage<Integer> switched = CompletableFuture.completedFuture(0);
        for (String host : hosts) {
            switched = switched.thenCompose(count -> actions.switchDataSource(host, index)
                    .thenApply(result -> count + (result.switched() ? 1 : 0)));
        }
        return new AdminReply.Pending(switched.thenApply(count -> new AdminReply.Ok(count, "")));
    }

    private static int index(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw ErrorCode.UNKNOWN_ERROR.exception("switch @@datasource: index " + digits + " is too large");
        }
    }
}
