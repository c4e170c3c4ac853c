package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DeadlockView;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@deadlock}: what the detector of deadlocks across data nodes has found since the start, one row: the
 * cycles, the victims rolled back to break them, how long the last and the longest lasted before they were found,
 * and the {@code deadlockCheckPeriod} in force. Tessera's own command: no proxy of the MyCat lineage detects them.
 */
final class ShowDeadlock implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@deadlock", Pattern.CASE_INSENSITIVE);

    private static final List<ColumnDefinition41> COLUMNS = List.of(
            Columns.longLong("DETECTED"), Columns.longLong("VICTIMS"), Columns.longLong("LAST_DETECT_MILLIS"),
            Columns.longLong("MAX_DETECT_MILLIS"), Columns.longLong("CHECK_PERIOD_MILLIS"));

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@deadlock", "Report deadlocks found across data nodes"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        DeadlockView found = context.deadlocks();
        return new AdminReply.Rows(ResultTable.builder().columns(COLUMNS).row(found.detected(), found.victims(),
                found.lastDetectMillis(), found.maxDetectMillis(), found.checkPeriodMillis()).build());
    }
}
