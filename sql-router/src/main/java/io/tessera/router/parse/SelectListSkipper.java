package io.tessera.router.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A short stand-in for routing a long SELECT: {@code SELECT 1} followed by the statement from its top-level FROM
 * on. Routing needs the tables and the WHERE clause, never the select list, and an ORM's 400-column list is where a
 * long statement's parse time goes. A select list holding a subquery is kept (its tables route too). Also splits a
 * select list into its items' texts, for the labels a rewritten statement must keep.
 */
public final class SelectListSkipper {

    private static final List<String> SELECT_OPTIONS = List.of("distinctrow", "distinct", "all", "high_priority",
            "straight_join", "sql_small_result", "sql_big_result", "sql_buffer_result", "sql_no_cache", "sql_cache",
            "sql_calc_found_rows");

    private SelectListSkipper() {
    }

    /** The stand-in, or {@code null} when the statement is not a plain SELECT whose select list can be skipped. */
    static String routingText(String sql) {
        int start = 0;
        while (start < sql.length() && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        if (!sql.regionMatches(true, start, "select", 0, 6) || !boundary(sql, start + 6)) {
            return null;
        }
        int from = topLevelFrom(sql, start + 6);
        if (from < 0 || containsWord(sql, start + 6, from, "select")) {
            return null;
        }
        return "SELECT 1 " + sql.substring(from);
    }

    /**
     * The select list's items as the client wrote them (trimmed, leading DISTINCT and other options dropped), which
     * is how MySQL labels an expression without an alias; {@code null} when the statement is not a plain SELECT.
     */
    public static List<String> itemTexts(String sql) {
        int start = 0;
        while (start < sql.length() && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        if (!sql.regionMatches(true, start, "select", 0, 6) || !boundary(sql, start + 6)) {
            return null;
        }
        List<Integer> commas = new ArrayList<>();
        int from = topLevelFrom(sql, start + 6, commas);
        if (from < 0) {
            return null;
        }
        List<String> items = new ArrayList<>();
        int itemStart = start + 6;
        for (int comma : commas) {
            items.add(sql.substring(itemStart, comma).trim());
            itemStart = comma + 1;
        }
        items.add(sql.substring(itemStart, from).trim());
        items.set(0, withoutOptions(items.get(0)));
        return items;
    }

    private static String withoutOptions(String item) {
        String rest = item;
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String option : SELECT_OPTIONS) {
                if (rest.regionMatches(true, 0, option, 0, option.length()) && boundary(rest, option.length())) {
                    rest = rest.substring(option.length()).trim();
                    stripped = true;
                }
            }
        }
        return rest;
    }

    /** Index of the first FROM outside parentheses, quotes and comments, or -1. */
    private static int topLevelFrom(String sql, int from) {
        return topLevelFrom(sql, from, null);
    }

    /** Same, collecting the top-level commas before it into {@code commas} when not null. */
    private static int topLevelFrom(String sql, int from, List<Integer> commas) {
        int depth = 0;
        for (int i = from; i < sql.length(); i++) {
            char c = sql.charAt(i);
            switch (c) {
                case '(' -> depth++;
                case ')' -> depth--;
                case '\'', '"', '`' -> {
                    i = closing(sql, i, c);
                    if (i < 0) {
                        return -1;
                    }
                }
                case '#' -> i = lineEnd(sql, i);
                case '-' -> {
                    if (sql.startsWith("-- ", i)) {
                        i = lineEnd(sql, i);
                    }
                }
                case '/' -> {
                    if (sql.startsWith("/*", i)) {
                        int end = sql.indexOf("*/", i + 2);
                        if (end < 0 || sql.startsWith("/*!", i)) {
                            return -1; // an executable comment may hold SQL: parse the statement whole
                        }
                        i = end + 1;
                    }
                }
                case ',' -> {
                    if (depth == 0 && commas != null) {
                        commas.add(i);
                    }
                }
                default -> {
                    if (depth == 0 && (c == 'f' || c == 'F') && sql.regionMatches(true, i, "from", 0, 4)
                            && boundary(sql, i - 1) && boundary(sql, i + 4)) {
                        return i;
                    }
                }
            }
        }
        return -1;
    }

    /** Index of the quote that closes the one at {@code open}, honouring backslashes and doubled quotes; -1 if none. */
    private static int closing(String sql, int open, char quote) {
        for (int i = open + 1; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\\' && quote != '`') {
                i++;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    private static int lineEnd(String sql, int from) {
        int end = sql.indexOf('\n', from);
        return end < 0 ? sql.length() : end;
    }

    private static boolean boundary(String sql, int index) {
        if (index < 0 || index >= sql.length()) {
            return true;
        }
        char c = sql.charAt(index);
        return !Character.isLetterOrDigit(c) && c != '_' && c != '$';
    }

    private static boolean containsWord(String sql, int from, int to, String word) {
        String part = sql.substring(from, to).toLowerCase(Locale.ROOT);
        for (int i = part.indexOf(word); i >= 0; i = part.indexOf(word, i + 1)) {
            if (boundary(part, i - 1) && boundary(part, i + word.length())) {
                return true;
            }
        }
        return false;
    }
}
