package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.result.ResultTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SELECT @@var [AS alias], ... [LIMIT n]}: the system variables clients read while connecting, answered with the
 * admin port's own values. The {@code mysql} client sends {@code select @@version_comment limit 1}; Connector/J sends
 * one SELECT of about twenty variables and gives up the connection if it fails. MyCat's manager answers only three
 * such selects; this one answers every variable below and ERR 1193 for any other. Not listed by {@code show @@help}.
 */
final class SelectVariables implements AdminCommand {

    /** What {@code @@version_comment} says, after MyCat's "MyCat Server (monitor)". */
    static final String VERSION_COMMENT = "Tessera Server (monitor)";

    /** {@code @@[scope.]name [[AS] alias]}; groups: name, then the alias (backquoted, quoted or bare). */
    private static final String ITEM = "@@(?:(?:session|local|global)\\.)?([a-z_][a-z0-9_]*)"
            + "(?:\\s+(?:as\\s+)?(?:`([^`]+)`|'([^']*)'|\"([^\"]*)\"|(?!limit\\b)([a-z_][a-z0-9_]*)))?";
    private static final Pattern ITEM_PATTERN = Pattern.compile(ITEM, Pattern.CASE_INSENSITIVE);
    private static final Pattern SYNTAX = Pattern.compile(
            "select\\s+(" + ITEM + "(?:\\s*,\\s*" + ITEM + ")*)(?:\\s+limit\\s+\\d+)?", Pattern.CASE_INSENSITIVE);

    private final int maxAllowedPacket;

    SelectVariables(int maxAllowedPacket) {
        this.maxAllowedPacket = maxAllowedPacket;
    }

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of();
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        Matcher item = ITEM_PATTERN.matcher(args.group(1));
        List<String> labels = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        while (item.find()) {
            String name = item.group(1).toLowerCase(Locale.ROOT);
            labels.add(label(item));
            values.add(value(name, context, session));
        }
        ResultTable.Builder table = ResultTable.builder();
        for (String label : labels) {
            table.column(Columns.varString(label));
        }
        return new AdminReply.Rows(table.row(values.toArray()).build());
    }

    /** The alias, or the item as typed, as MySQL labels a column. */
    private static String label(Matcher item) {
        for (int g = 2; g <= 5; g++) {
            if (item.group(g) != null) {
                return item.group(g);
            }
        }
        return item.group().trim();
    }

    private String value(String name, AdminContext context, AdminSession session) {
        return switch (name) {
            case "version_comment" -> VERSION_COMMENT;
            case "version" -> context.version();
            case "auto_increment_increment", "auto_increment_offset" -> "1";
            case "autocommit" -> "1";
            case "character_set_client", "character_set_connection", "character_set_results",
                    "character_set_server", "character_set_database" -> session.collation().charsetName();
            case "collation_connection", "collation_server", "collation_database" -> session.collation().name();
            case "init_connect", "sql_mode" -> "";
            case "interactive_timeout", "wait_timeout" -> "28800";
            case "net_write_timeout" -> "60";
            case "net_read_timeout" -> "30";
            case "license" -> "GPL";
            case "lower_case_table_names", "performance_schema", "query_cache_size" -> "0";
            case "query_cache_type" -> "OFF";
            case "max_allowed_packet" -> Integer.toString(maxAllowedPacket);
            case "system_time_zone" -> TimeZone.getTimeZone(context.clock().getZone()).getDisplayName(false,
                    TimeZone.SHORT, Locale.ROOT);
            case "time_zone" -> "SYSTEM";
            case "transaction_isolation", "tx_isolation" -> "REPEATABLE-READ";
            case "transaction_read_only", "tx_read_only" -> "0";
            default -> throw ErrorCode.UNKNOWN_SYSTEM_VARIABLE.exception(name);
        };
    }
}
