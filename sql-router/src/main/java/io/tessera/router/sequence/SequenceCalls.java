package io.tessera.router.sequence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds MyCat's {@code next value for MYCATSEQ_<NAME>} calls in a statement's text and writes ids in their place,
 * before the text is parsed: Druid cannot parse the call inside VALUES. Calls inside string literals, quoted names
 * and comments (MyCat hints included) are text, not calls, and are left alone; MyCat 1.6 replaced those too.
 *
 * <p>The pattern is server.xml's {@code sequnceHandlerPattern} (MyCat's spelling) when set, matched without regard to
 * case, as MyCat does: its group 1 is the call and group 2 the sequence's name, and it may match several calls at
 * once (MyCat's own pattern repeats), of which group 1 is the last.
 */
public final class SequenceCalls {

    /** MyCat 1.6's {@code SequenceHandler.SEQUNCE_HANDLER_PATTERN}, used when server.xml sets none. */
    public static final String DEFAULT_PATTERN = "(?:(\\s*next\\s+value\\s+for\\s*MYCATSEQ_(\\w+))(,|\\)|\\s)*)+";

    private static final String PREFIX = "MYCATSEQ_";
    /** What a SELECT of calls alone leaves once each call is a space. */
    private static final Pattern SELECT_OF_CALLS = Pattern.compile("\\s*select[\\s,]+;?\\s*",
            Pattern.CASE_INSENSITIVE);

    private final Pattern pattern;
    private final boolean defaultPattern;

    /** @param pattern a regular expression whose group 1 is one call and group 2 its sequence's name */
    public SequenceCalls(String pattern) {
        this.pattern = Pattern.compile(pattern, Pattern.CASE_INSENSITIVE);
        if (this.pattern.matcher("").groupCount() < 2) {
            throw new IllegalArgumentException("sequnceHandlerPattern: " + pattern
                    + " (expected: group 1 the call, group 2 the sequence name)");
        }
        this.defaultPattern = pattern.equals(DEFAULT_PATTERN);
    }

    /** One call: where it stands in the text ({@code start} is its first keyword) and its sequence, upper-cased. */
    public record Call(int start, int end, String name) {
    }

    /**
     * The calls in {@code sql} outside strings, quoted names and comments, in text order.
     *
     * @param backslashEscapes whether a backslash escapes the next character in a string (not under the sql_mode
     *     NO_BACKSLASH_ESCAPES)
     */
    public List<Call> find(String sql, boolean backslashEscapes) {
        if (!mayCall(sql)) {
            return List.of(); // most statements: one scan, no regular expression
        }
        boolean[] code = codeMask(sql, backslashEscapes);
        List<Call> calls = new ArrayList<>();
        find(pattern.matcher(sql), sql, code, 0, sql.length(), calls);
        return calls;
    }

    /**
     * Whether {@code sql} may hold a call: false when the default pattern's {@code MYCATSEQ_} (in any case) is
     * nowhere in it, which one scan for {@code _} tells; a pattern of server.xml's own is always tried.
     */
    public boolean mayCall(String sql) {
        return !defaultPattern || containsPrefix(sql);
    }

    /** Adds the calls in {@code [from, to)} to {@code calls}, in text order. */
    private static void find(Matcher m, String sql, boolean[] code, int from, int to, List<Call> calls) {
        int at = from;
        while (at < to) {
            m.region(at, to);
            if (!m.find() || m.end(1) <= m.start(1)) {
                return;
            }
            int callStart = m.start(1);
            int callEnd = m.end(1);
            int matchEnd = m.end();
            int matchStart = m.start();
            int nameStart = m.start(2);
            int nameEnd = m.end(2);
            if (callStart > matchStart) {
                find(m, sql, code, matchStart, callStart, calls); // a repeating pattern's earlier calls
            }
            while (callStart < callEnd && Character.isWhitespace(sql.charAt(callStart))) {
                callStart++;
            }
            if (callStart < callEnd && code[callStart] && nameStart >= 0 && code[nameStart]) {
                calls.add(new Call(callStart, callEnd, sql.substring(nameStart, nameEnd).toUpperCase(Locale.ROOT)));
            }
            at = Math.max(matchEnd, callEnd);
            if (at == matchStart) {
                at++;
            }
        }
    }

    /**
     * Whether {@code sql} is a SELECT of the calls alone ({@code SELECT next value for MYCATSEQ_A, next value for
     * MYCATSEQ_B}), which needs no data node: nothing but the keyword, commas, white space and a final semicolon
     * stands outside the calls.
     *
     * @param calls what {@link #find} found in {@code sql}, at least one
     */
    public static boolean selectsOnly(String sql, List<Call> calls) {
        StringBuilder rest = new StringBuilder();
        int copied = 0;
        for (Call call : calls) {
            rest.append(sql, copied, call.start()).append(' ');
            copied = call.end();
        }
        rest.append(sql, copied, sql.length());
        return !calls.isEmpty() && SELECT_OF_CALLS.matcher(rest).matches()
                && rest.chars().filter(c -> c == ',').count() == calls.size() - 1;
    }

    /**
     * The sequences the calls name and how many calls name each (a multi-row INSERT's calls take consecutive ids of
     * one sequence, in row order), in order of first appearance.
     */
    public static Map<String, Integer> counts(List<Call> calls) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Call call : calls) {
            counts.merge(call.name(), 1, Integer::sum);
        }
        return counts;
    }

    /**
     * {@code sql} with each call replaced by its id: the calls of one sequence take {@code firstIds.get(name)},
     * {@code + 1}, ... in text order.
     *
     * @param calls what {@link #find} found in {@code sql}
     */
    public static String replace(String sql, List<Call> calls, Map<String, Long> firstIds) {
        long[] ids = ids(calls, firstIds);
        StringBuilder out = new StringBuilder(sql.length());
        int copied = 0;
        for (int i = 0; i < ids.length; i++) {
            out.append(sql, copied, calls.get(i).start()).append(ids[i]);
            copied = calls.get(i).end();
        }
        return out.append(sql, copied, sql.length()).toString();
    }

    /** The id of each call: the calls of one sequence take {@code firstIds.get(name)}, {@code + 1}, ... in order. */
    public static long[] ids(List<Call> calls, Map<String, Long> firstIds) {
        Map<String, Long> next = new LinkedHashMap<>(firstIds);
        long[] ids = new long[calls.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = next.merge(calls.get(i).name(), 1L, Long::sum) - 1;
        }
        return ids;
    }

    private static boolean containsPrefix(String sql) {
        int before = PREFIX.length() - 1; // the prefix's characters before its '_'
        for (int i = sql.indexOf('_', before); i >= 0; i = sql.indexOf('_', i + 1)) {
            if (sql.regionMatches(true, i - before, PREFIX, 0, before)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Which characters of {@code sql} are code: not inside a string literal, a quoted name or a comment. MySQL's
     * rules: {@code '...'} and {@code "..."} with a doubled quote (and, unless NO_BACKSLASH_ESCAPES, a backslash)
     * escaping, {@code `...`} with a doubled backquote, {@code /* ... *}{@code /}, {@code #} and {@code -- } to the
     * end of the line.
     */
    static boolean[] codeMask(String sql, boolean backslashEscapes) {
        int n = sql.length();
        boolean[] code = new boolean[n];
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' || c == '"' || c == '`') {
                end = quotedEnd(sql, i, c, backslashEscapes && c != '`');
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
            } else if (c == '#' || c == '-' && i + 2 < n && sql.charAt(i + 1) == '-'
                    && Character.isWhitespace(sql.charAt(i + 2))) {
                int eol = sql.indexOf('\n', i);
                end = eol < 0 ? n : eol + 1;
            } else {
                code[i++] = true;
                continue;
            }
            i = end;
        }
        return code;
    }

    /** The index after the quote that closes the one at {@code open}, or the text's length when none does. */
    private static int quotedEnd(String sql, int open, char quote, boolean backslashEscapes) {
        int n = sql.length();
        int i = open + 1;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\\' && backslashEscapes) {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < n && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return n;
    }
}
