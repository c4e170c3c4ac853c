package io.tessera.proxy.session;

import java.util.Locale;

/**
 * What every statement asks of the session's variables (how strings escape, {@code sql_select_limit}), read from
 * their literals once per change of the variables rather than once per statement.
 */
final class SessionModes {

    private final SessionVariables variables;
    private int readAt = -1;
    private boolean backslashEscapes = true;
    private long selectLimit = -1;

    SessionModes(SessionVariables variables) {
        this.variables = variables;
    }

    /** False when the session's {@code sql_mode} has {@code NO_BACKSLASH_ESCAPES}. */
    boolean backslashEscapes() {
        read();
        return backslashEscapes;
    }

    /** False when the session's {@code sql_mode} has {@code NO_AUTO_VALUE_ON_ZERO} (asked by few statements). */
    boolean zeroGeneratesKeys() {
        String mode = variables.get("sql_mode");
        return mode == null || !mode.toUpperCase(Locale.ROOT).contains("NO_AUTO_VALUE_ON_ZERO");
    }

    /** The session's {@code sql_select_limit}, at least 0; -1 when not set or beyond a long. */
    long selectLimit() {
        read();
        return selectLimit;
    }

    private void read() {
        if (variables.version() == readAt) {
            return;
        }
        readAt = variables.version();
        String mode = variables.get("sql_mode");
        backslashEscapes = mode == null || !mode.toUpperCase(Locale.ROOT).contains("NO_BACKSLASH_ESCAPES");
        String limit = variables.get("sql_select_limit");
        try {
            selectLimit = limit == null ? -1 : Math.max(0, Long.parseLong(SqlLiterals.value(limit)));
        } catch (NumberFormatException e) {
            selectLimit = -1; // beyond a long
        }
    }
}
