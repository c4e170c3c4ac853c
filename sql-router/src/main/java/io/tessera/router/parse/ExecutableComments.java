package io.tessera.router.parse;

/**
 * MySQL's executable comments ({@code /*! ... *&#47;}, {@code /*!50000 ... *&#47;}, MariaDB's {@code /*M!100100 ...
 * *&#47;}): MySQL and MariaDB run their text as part of the statement, but Druid's parser keeps some as hints and drops
 * others ({@code WHERE /*!50000 x = 1 AND *&#47; y = 2} parses as {@code WHERE y = 2}). Tessera parses the statement
 * with each such comment replaced by its text, so that routing and any rewrite see what the data nodes run. The
 * version number is not compared: every server Tessera fronts is newer than the MySQL 5.x versions such comments name.
 * A MyCat hint ({@code /*!mycat:...*&#47;}) is no executable comment and stays.
 */
public final class ExecutableComments {

    private ExecutableComments() {
    }

    /** Whether the text may hold an executable comment (a cheap look, strings not excluded). */
    public static boolean mayHold(String sql) {
        return sql.contains("/*!") || sql.contains("/*M!");
    }

    /**
     * {@code sql} with each executable comment replaced by its text between spaces; {@code sql} itself when it holds
     * none. Strings, quoted names and other comments are copied as they are (default escaping mode: the caller turns a
     * NO_BACKSLASH_ESCAPES statement into that first).
     */
    public static String unwrap(String sql) {
        if (!mayHold(sql)) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length());
        int n = sql.length();
        int i = 0;
        boolean changed = false;
        while (i < n) {
            char c = sql.charAt(i);
            int next;
            if (c == '\'' || c == '"' || c == '`') {
                next = endOfQuoted(sql, i);
            } else if (c == '#' || c == '-' && sql.startsWith("--", i) && (i + 2 == n || sql.charAt(i + 2) <= ' ')) {
                int end = sql.indexOf('\n', i);
                next = end < 0 ? n : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                next = end < 0 ? n : end + 2;
                int text = textStart(sql, i);
                if (text >= 0 && end >= 0) {
                    out.append(' ').append(sql, text, end).append(' ');
                    changed = true;
                    i = next;
                    continue;
                }
            } else {
                next = i + 1;
            }
            out.append(sql, i, next);
            i = next;
        }
        return changed ? out.toString() : sql;
    }

    /** Where the text of the executable comment at {@code i} starts (after its version number), or -1. */
    private static int textStart(String sql, int i) {
        int p = i + 2;
        if (sql.startsWith("M!", p)) {
            p += 2;
        } else if (sql.startsWith("!", p)) {
            p += 1;
        } else {
            return -1;
        }
        if (sql.regionMatches(true, skipSpaces(sql, p), "mycat", 0, 5)) {
            return -1;
        }
        int digits = p;
        while (digits < sql.length() && digits - p < 6 && Character.isDigit(sql.charAt(digits))) {
            digits++;
        }
        return digits - p >= 5 ? digits : p; // five or six digits are a version number, fewer are text
    }

    private static int skipSpaces(String sql, int p) {
        while (p < sql.length() && Character.isWhitespace(sql.charAt(p))) {
            p++;
        }
        return p;
    }

    /** The index after the quoted string or name that starts at {@code i}. */
    private static int endOfQuoted(String sql, int i) {
        char quote = sql.charAt(i);
        int n = sql.length();
        int p = i + 1;
        while (p < n) {
            char d = sql.charAt(p);
            if (d == '\\' && quote != '`') {
                p += 2;
            } else if (d == quote) {
                if (p + 1 < n && sql.charAt(p + 1) == quote) {
                    p += 2;
                } else {
                    return p + 1;
                }
            } else {
                p++;
            }
        }
        return n;
    }
}
