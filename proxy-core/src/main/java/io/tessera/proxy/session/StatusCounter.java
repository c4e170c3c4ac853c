package io.tessera.proxy.session;

import io.tessera.protocol.constant.Command;
import io.tessera.router.parse.StatementType;

/**
 * The counters of {@code SHOW STATUS} that Tessera counts as MySQL does, each once per command or statement (never per
 * row): {@code Questions} and {@code Queries} by command, {@code Com_xxx} by the kind of statement or command. Others
 * ({@code Uptime}, {@code Threads_connected}, {@code Bytes_sent}, ...) are read from the connections.
 */
public enum StatusCounter {
    COM_BEGIN("Com_begin"),
    COM_CHANGE_DB("Com_change_db"),
    COM_COMMIT("Com_commit"),
    COM_DELETE("Com_delete"),
    COM_INSERT("Com_insert"),
    COM_KILL("Com_kill"),
    COM_REPLACE("Com_replace"),
    COM_ROLLBACK("Com_rollback"),
    COM_SELECT("Com_select"),
    COM_SET_OPTION("Com_set_option"),
    COM_SHOW_DATABASES("Com_show_databases"),
    COM_SHOW_GRANTS("Com_show_grants"),
    COM_SHOW_PROCESSLIST("Com_show_processlist"),
    COM_SHOW_STATUS("Com_show_status"),
    COM_SHOW_TABLES("Com_show_tables"),
    COM_SHOW_VARIABLES("Com_show_variables"),
    COM_SHOW_WARNINGS("Com_show_warnings"),
    COM_STMT_CLOSE("Com_stmt_close"),
    COM_STMT_EXECUTE("Com_stmt_execute"),
    COM_STMT_FETCH("Com_stmt_fetch"),
    COM_STMT_PREPARE("Com_stmt_prepare"),
    COM_STMT_RESET("Com_stmt_reset"),
    COM_STMT_SEND_LONG_DATA("Com_stmt_send_long_data"),
    COM_UPDATE("Com_update"),
    /**
     * Statements from clients: commands, except COM_PING, COM_STATISTICS, COM_STMT_PREPARE, COM_STMT_CLOSE and
     * COM_STMT_RESET, and each statement of a multi-statement text after the first.
     */
    QUESTIONS("Questions"),
    /** As {@link #QUESTIONS}, with COM_STMT_PREPARE, COM_STMT_CLOSE and COM_STMT_RESET. */
    QUERIES("Queries");

    /** How many there are: the size of an array indexed by {@link #ordinal()}. */
    public static final int COUNT = values().length;

    private final String variableName;

    StatusCounter(String variableName) {
        this.variableName = variableName;
    }

    /** Its name in {@code SHOW STATUS}, e.g. {@code Com_select}. */
    public String variableName() {
        return variableName;
    }

    /** The {@code Com_xxx} counter of a statement of {@code type}, or {@code null} for one Tessera does not count. */
    public static StatusCounter ofStatement(StatementType type) {
        return switch (type) {
            case SELECT -> COM_SELECT;
            case INSERT -> COM_INSERT;
            case REPLACE -> COM_REPLACE;
            case UPDATE -> COM_UPDATE;
            case DELETE -> COM_DELETE;
            case BEGIN -> COM_BEGIN;
            case COMMIT -> COM_COMMIT;
            case ROLLBACK -> COM_ROLLBACK;
            case USE -> COM_CHANGE_DB;
            case SET, SET_TRANSACTION -> COM_SET_OPTION;
            case KILL -> COM_KILL;
            case SHOW_DATABASES -> COM_SHOW_DATABASES;
            case SHOW_TABLES -> COM_SHOW_TABLES;
            case SHOW_WARNINGS -> COM_SHOW_WARNINGS;
            case SHOW_VARIABLES -> COM_SHOW_VARIABLES;
            case SHOW_GRANTS -> COM_SHOW_GRANTS;
            case SHOW_PROCESSLIST -> COM_SHOW_PROCESSLIST;
            case SHOW_STATUS -> COM_SHOW_STATUS;
            default -> null;
        };
    }

    /** The {@code Com_xxx} counter of a command other than COM_QUERY, or {@code null} when there is none. */
    public static StatusCounter ofCommand(int command) {
        return switch (command) {
            case Command.INIT_DB -> COM_CHANGE_DB;
            case Command.STMT_PREPARE -> COM_STMT_PREPARE;
            case Command.STMT_EXECUTE -> COM_STMT_EXECUTE;
            case Command.STMT_CLOSE -> COM_STMT_CLOSE;
            case Command.STMT_RESET -> COM_STMT_RESET;
            case Command.STMT_FETCH -> COM_STMT_FETCH;
            case Command.STMT_SEND_LONG_DATA -> COM_STMT_SEND_LONG_DATA;
            default -> null;
        };
    }

    /** Whether {@code command} counts in {@link #QUESTIONS}, as MySQL's {@code CF_SKIP_QUESTIONS} has it. */
    public static boolean isQuestion(int command) {
        return switch (command) {
            case Command.PING, Command.STATISTICS, Command.STMT_PREPARE, Command.STMT_CLOSE, Command.STMT_RESET ->
                    false;
            default -> true;
        };
    }

    /** Whether {@code command} counts in {@link #QUERIES}. */
    public static boolean isQuery(int command) {
        return command != Command.PING && command != Command.STATISTICS;
    }
}
