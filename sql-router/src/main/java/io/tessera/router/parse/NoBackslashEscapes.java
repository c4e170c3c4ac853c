package io.tessera.router.parse;

/**
 * A statement of a session whose {@code sql_mode} has {@code NO_BACKSLASH_ESCAPES}, rewritten so that a reader of the
 * default mode reads the same tokens and values: within each quoted string, every backslash is doubled. Druid's lexer
 * always reads a backslash as an escape, so {@code 'C:\temp'} (under the mode: the eight characters {@code C:\temp})
 * would reach the router as {@code C:<tab>emp}, and {@code 'a\'} would swallow the rest of the statement.
 *
 * <p>Comments are copied as they are, except the executable {@code /*!...*&#47;}, whose text MySQL runs. Backquoted
 * names are copied. Only the text that is parsed changes: the data nodes get the client's own text, which they read
 * with the session's sql_mode.
 */
public final class NoBackslashEscapes {

    private NoBackslashEscapes() {
    }

    /** {@code sql} as the default mode reads it; {@code sql} itself when no string in it holds a backslash. */
    public static String asDefaultMode(String sql) {
        if (sql.indexOf('\\') < 0) {
            return sql;
        }
        StringBuilder out = null;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                int end = i + 1;
                while (end < n) {
                    char d = sql.charAt(end);
                    if (d == c) {
                        if (end + 1 < n && sql.charAt(end + 1) == c) {
                            end += 2; // a doubled quote is the quote character
                            continue;
                        }
                        break;
                    }
                    if (d == '\\') {
                        if (out == null) {
                            out = new StringBuilder(n + 16).append(sql, 0, end);
                        } else {
                            out.append(sql, i, end);
                        }
                        out.append("\\\\");
                        i = end + 1;
                    }
                    end++;
                }
                int stop = Math.min(end + 1, n); // the closing quote, when there is one
                if (out != null) {
                    out.append(sql, i, stop);
                }
                i = stop;
            } else {
                int next = skipNonString(sql, i);
                if (out != null) {
                    out.append(sql, i, next);
                }
                i = next;
            }
        }
        return out == null ? sql : out.toString();
    }

    /** The index after the token at {@code i} that is no string: a comment, a backquoted name or one character. */
    private static int skipNonString(String sql, int i) {
        int n = sql.length();
        char c = sql.charAt(i);
        if (c == '`') {
            int end = i + 1;
            while (end < n) {
                if (sql.charAt(end) == '`') {
                    if (end + 1 < n && sql.charAt(end + 1) == '`') {
                        end += 2;
                        continue;
                    }
                    return end + 1;
                }
                end++;
            }
            return n;
        }
        if (c == '#' || c == '-' && sql.startsWith("--", i) && (i + 2 == n || sql.charAt(i + 2) <= ' ')) {
            int end = sql.indexOf('\n', i);
            return end < 0 ? n : end + 1;
        }
        if (c == '/' && sql.startsWith("/*", i) && !sql.startsWith("/*!", i)) {
            int end = sql.indexOf("*/", i + 2);
            return end < 0 ? n : end + 2;
        }
        return i + 1;
    }
}
