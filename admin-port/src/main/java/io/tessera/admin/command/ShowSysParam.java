package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.SystemParameterView;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show @@sysparam}: the {@code <system>} settings in force, under the names MyCat's {@code ShowSysParam} gives
 * them (PARAM_NAME, PARAM_VALUE, PARAM_DESCR, all VAR_STRING), with what each does in Tessera.
 */
final class ShowSysParam implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("show\\s+@@sysparam", Pattern.CASE_INSENSITIVE);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of(new HelpEntry("show @@sysparam", "Report system param"));
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        ResultTable.Builder table = ResultTable.builder()
                .column(Columns.varString("PARAM_NAME"))
                .column(Columns.varString("PARAM_VALUE"))
                .column(Columns.varString("PARAM_DESCR"));
        for (SystemParameterView parameter : context.systemParameters()) {
            table.row(parameter.name(), parameter.value(), parameter.description());
        }
        return new AdminReply.Rows(table.build());
    }
}
