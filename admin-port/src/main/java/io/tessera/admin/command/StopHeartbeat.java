package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code stop @@heartbeat name[,name...]:seconds}: skips the heartbeats of each named data host's active write host for
 * that many seconds ({@link AdminActions#pauseHeartbeat}), as MyCat's {@code StopHeartbeat} does (its time is in
 * seconds: it multiplies by 1000) — for maintenance on a write host that must not fail over meanwhile. OK with the
 * number of data hosts paused as affected rows; names of no data host are skipped, as in MyCat; {@code :0} resumes
 * the heartbeats at the next period.
 */
final class StopHeartbeat implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile(
            "stop\\s+@@heartbeat\\s+([^:\\s][^:]*?)\\s*:\\s*(\\d+)", Pattern.CASE_INSENSITIVE);
    /** A pause longer than a year is a typo, not maintenance. */
    private static final long MAX_SECONDS = 366L * 24 * 3600;

    private final AdminActions actions;

    StopHeartbeat(AdminActions actions) {
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
        return List.of(new HelpEntry("stop @@heartbeat name:time", "Pause dataNode heartbeat"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        long seconds = seconds(args.group(2));
        CompletionStage<Integer> paused = CompletableFuture.completedFuture(0);
        for (String host : DataHostNames.parse(args.group(1), "stop @@heartbeat")) {
            paused = paused.thenCompose(count -> actions.pauseHeartbeat(host, seconds * 1000)
                    .thenApply(found -> count + (found ? 1 : 0)));
        }
        return new AdminReply.Pending(paused.thenApply(count -> new AdminReply.Ok(count, "")));
    }

    private static long seconds(String digits) {
        long seconds = digits.length() > 12 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (seconds > MAX_SECONDS) {
            throw ErrorCode.UNKNOWN_ERROR.exception("stop @@heartbeat: time " + digits + " (expected: seconds, at most "
                    + MAX_SECONDS + ")");
        }
        return seconds;
    }
}
