package io.tessera.router.parse;

import java.util.Arrays;

/**
 * A statement's shape: its text with every literal replaced by {@code ?}, in one pass of MySQL's lexical rules and
 * without a parse, so that statements differing only in their values share it ({@code where id = 1} and {@code where
 * id = 2} are {@code where id = ?}), as MyCat's parameterized text and ProxySQL's digests group them. Literals are
 * strings ({@code '...'}, {@code "..."}, with {@code _charset} or {@code N} before them), numbers ({@code 12},
 * {@code 1.5e3}, {@code .5}), hexadecimal and bit values ({@code 0x1F}, {@code X'1F'}, {@code b'01'}). Names (bare or
 * in backquotes), {@code ?} markers, comments and hints (whose text means something to Tessera) stay as written.
 */
public final class SqlShape {

    /** A literal of digits only ({@code 42}, {@code 007}). */
    public static final char INTEGER = '\u0001';
    /** Digits, a point, digits ({@code 10.5}), no exponent. */
    public static final char DECIMAL = '\u0002';
    /** A string in single quotes without a character set before it ({@code 'a''b'}). */
    public static final char STRING = '\u0003';
    /** Any other literal: {@code "a"}, {@code N'a'}, {@code _utf8mb4'a'}, {@code .5}, {@code 1e3}, hex, bits. */
    public static final char OTHER = '\u0004';

    private final String sql;
    private int[] bounds = new int[3 * 8]; // start, end and kind of each literal
    private int pos;
    private int literals;

    private SqlShape(String sql) {
        this.sql = sql;
    }

    /**
     * {@code sql} with its literals replaced by {@code ?} (the same object when it has none); backslashes escape in
     * strings, as in MySQL's default mode.
     */
    public static String of(String sql) {
        SqlShape lexer = new SqlShape(sql);
        lexer.scan();
        return lexer.shape(false);
    }

    /**
     * {@code sql} with each literal replaced by a character naming its kind ({@link #INTEGER}, {@link #DECIMAL},
     * {@link #STRING}, {@link #OTHER}), and where each literal stands; {@code null} for a text with a backslash,
     * which MySQL reads one way or another by the session's sql_mode, so that the literals found here are the same
     * in both modes.
     */
    public static Lexed lex(String sql) {
        if (sql.indexOf('\\') >= 0) {
            return null;
        }
        SqlShape lexer = new SqlShape(sql);
        lexer.scan();
        return new Lexed(sql, lexer.shape(true), lexer.bounds, lexer.literals);
    }

    /** A text's shape and its literals: literal {@code i} is {@code sql[start(i), end(i))}. */
    public static final class Lexed {

        private final String sql;
        private final String key;
        private final int[] bounds;
        private final int count;

        private Lexed(String sql, String key, int[] bounds, int count) {
            this.sql = sql;
            this.key = key;
            this.bounds = bounds;
            this.count = count;
        }

        public String sql() {
            return sql;
        }

        /** The shape: the text with each literal replaced by its kind's character. */
        public String key() {
            return key;
        }

        public int count() {
            return count;
        }

        public int start(int literal) {
            return bounds[3 * literal];
        }

        public int end(int literal) {
            return bounds[3 * literal + 1];
        }

        public char kind(int literal) {
            return (char) bounds[3 * literal + 2];
        }

        public String text(int literal) {
            return sql.substring(start(literal), end(literal));
        }

        /** Whether literal {@code literal} is written as {@code text}, without copying it. */
        public boolean textEquals(int literal, String text) {
            int start = start(literal);
            return end(literal) - start == text.length() && sql.regionMatches(start, text, 0, text.length());
        }
    }

    private void scan() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (c == '\'' || c == '"') {
                int start = pos;
                boolean closed = skipQuoted(c);
                literal(start, c == '\'' && closed ? STRING : OTHER);
            } else if (c == '`') {
                skipQuotedName();
            } else if (c == '/' && next(1) == '*') {
                skipComment(2, "*/");
            } else if (c == '#') {
                skipComment(1, "\n");
            } else if (c == '-' && next(1) == '-' && isBlankOrEnd(next(2))) {
                skipComment(2, "\n");
            } else if (isDigit(c) && !afterQualifier() || c == '.' && isDigit(next(1)) && !isWordChar(previous())) {
                number();
            } else if (isWordChar(c)) {
                word();
            } else {
                pos++;
            }
        }
    }

    /**
     * A decimal number ({@code 12}, {@code 1.5}, {@code .5}, {@code 1e-3}); digits that run into letters
     * ({@code 0x1F}, {@code 1abc}, a name MySQL allows) are read as a word instead.
     */
    private void number() {
        int start = pos;
        digits();
        if (next(0) == '.' && sql.charAt(start) != '.' || sql.charAt(start) == '.') {
            pos++;
            digits();
        }
        if ((next(0) == 'e' || next(0) == 'E')
                && (isDigit(next(1)) || (next(1) == '+' || next(1) == '-') && isDigit(next(2)))) {
            pos += 2;
            digits();
        }
        if (isWordChar(next(0))) { // 0x1F, 1abc; .5a is '.' and the word 5a
            pos = start;
            if (sql.charAt(start) == '.') {
                pos++;
            } else {
                word();
            }
            return;
        }
        literal(start, numberKind(start));
    }

    private char numberKind(int start) {
        int point = -1;
        for (int i = start; i < pos; i++) {
            char c = sql.charAt(i);
            if (c == '.') {
                point = i;
            } else if (!isDigit(c)) {
                return OTHER; // an exponent
            }
        }
        return point < 0 ? INTEGER : point > start && point < pos - 1 ? DECIMAL : OTHER;
    }

    /** The literal that began at {@code start} and ends here. */
    private void literal(int start, char kind) {
        if (bounds.length < 3 * literals + 3) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
        }
        bounds[3 * literals] = start;
        bounds[3 * literals + 1] = pos;
        bounds[3 * literals + 2] = kind;
        literals++;
    }

    /**
     * The text with each literal replaced by its kind's character, or by {@code ?}; the text itself when it has no
     * literal. Everything but the literals stands as written, so the shape is copied in pieces once the scan is done.
     */
    private String shape(boolean kinds) {
        if (literals == 0) {
            return sql;
        }
        StringBuilder shape = new StringBuilder(sql.length());
        int from = 0;
        for (int i = 0; i < literals; i++) {
            shape.append(sql, from, bounds[3 * i]).append(kinds ? (char) bounds[3 * i + 2] : '?');
            from = bounds[3 * i + 1];
        }
        return shape.append(sql, from, sql.length()).toString();
    }

    private void digits() {
        while (pos < sql.length() && isDigit(sql.charAt(pos))) {
            pos++;
        }
    }

    /** A name or keyword, or a literal that starts like one: 0x1F, 0b01, X'1F', B'01', N'text', _latin1'text'. */
    private void word() {
        int start = pos;
        while (pos < sql.length() && isWordChar(sql.charAt(pos))) {
            pos++;
        }
        if (next(0) == '\'' && isLiteralPrefix(start, pos)) {
            skipQuoted('\'');
            literal(start, OTHER);
        } else if (isHexOrBits(start, pos)) {
            literal(start, OTHER);
        }
    }

    /** {@code X}, {@code B}, {@code N} or {@code _charset} before a quote. */
    private boolean isLiteralPrefix(int start, int end) {
        char first = sql.charAt(start);
        if (end - start == 1) {
            return "xXbBnN".indexOf(first) >= 0;
        }
        return first == '_';
    }

    /** {@code 0x1F} or {@code 0b01}: a literal; {@code 0xZZ} is a name, as MySQL reads it. */
    private boolean isHexOrBits(int start, int end) {
        if (end - start < 3 || sql.charAt(start) != '0') {
            return false;
        }
        char kind = sql.charAt(start + 1);
        if (kind != 'x' && kind != 'b') {
            return false;
        }
        for (int i = start + 2; i < end; i++) {
            char c = sql.charAt(i);
            boolean digit = kind == 'x' ? c < 128 && Character.digit(c, 16) >= 0 : c == '0' || c == '1';
            if (!digit) {
                return false;
            }
        }
        return true;
    }

    /**
     * A string to its closing quote: a doubled quote and a backslash escape stay inside. Unclosed: to the end, and
     * false.
     */
    private boolean skipQuoted(char quote) {
        pos++;
        while (pos < sql.length()) {
            char c = sql.charAt(pos++);
            if (c == '\\') {
                pos++;
            } else if (c == quote) {
                if (next(0) != quote) {
                    return true;
                }
                pos++;
            }
        }
        pos = Math.min(pos, sql.length());
        return false;
    }

    /** Passes a name in backquotes, a doubled backquote inside it. */
    private void skipQuotedName() {
        pos++;
        while (pos < sql.length()) {
            if (sql.charAt(pos++) == '`') {
                if (next(0) != '`') {
                    break;
                }
                pos++;
            }
        }
    }

    /** Passes a comment: its opener of {@code openerLength} characters, through {@code end} or the end of the text. */
    private void skipComment(int openerLength, String end) {
        int close = sql.indexOf(end, pos + openerLength);
        pos = close < 0 ? sql.length() : close + end.length();
    }

    private char next(int ahead) {
        int i = pos + ahead;
        return i < sql.length() ? sql.charAt(i) : '\0';
    }

    /** After {@code t.} or {@code `t`.}: a name comes, even one of digits ({@code t1.5} is column 5 of t1). */
    private boolean afterQualifier() {
        if (pos < 2 || sql.charAt(pos - 1) != '.') {
            return false;
        }
        char name = sql.charAt(pos - 2);
        return isWordChar(name) || name == '`';
    }

    private char previous() {
        return pos == 0 ? ' ' : sql.charAt(pos - 1);
    }

    private static boolean isBlankOrEnd(char c) {
        return c == '\0' || Character.isWhitespace(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** What a bare name or a number is made of ({@code $} and letters beyond ASCII included, as MySQL allows). */
    private static boolean isWordChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_' || c == '$' || c >= 128;
    }
}
