package io.tessera.router.parse;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * A reading position in a statement's text and the tokens MySQL's lexer knows there: words, names bare or in
 * backquotes, string literals (escapes as the sql_mode says) and hexadecimal ones, numbers; blanks and comments
 * between them are skipped. For the statements Tessera reads itself ({@link LoadDataSyntax}).
 */
class SqlCursor {

    final String sql;
    final boolean backslashEscapes;
    int pos;

    SqlCursor(String sql, boolean backslashEscapes) {
        this.sql = sql;
        this.backslashEscapes = backslashEscapes;
    }

    /** An unsigned integer. */
    long number() {
        skipSpace();
        int start = pos;
        while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw error("a number");
        }
        try {
            return Long.parseLong(sql.substring(start, pos));
        } catch (NumberFormatException e) {
            throw new LoadSyntaxException(start, "a number above " + Long.MAX_VALUE);
        }
    }

    /** A name, bare or in backquotes; as MySQL reads it. */
    String identifier() {
        skipSpace();
        if (peek() == '`') {
            StringBuilder name = new StringBuilder();
            pos++;
            while (true) {
                if (pos >= sql.length()) {
                    throw error("'`'");
                }
                char c = sql.charAt(pos++);
                if (c == '`') {
                    if (peek() != '`') {
                        return name.toString();
                    }
                    pos++;
                }
                name.append(c);
            }
        }
        int start = pos;
        while (pos < sql.length() && isNameChar(sql.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw error("a name");
        }
        return sql.substring(start, pos);
    }

    /** A string literal's bytes: quoted (escapes as the sql_mode says), or hexadecimal ({@code X'2C'}, {@code 0x2C}). */
    byte[] string() {
        skipSpace();
        char c = peek();
        if ((c == 'x' || c == 'X') && pos + 1 < sql.length() && sql.charAt(pos + 1) == '\'') {
            pos++;
            return hex(new String(quoted('\''), StandardCharsets.UTF_8));
        }
        if (c == '0' && pos + 1 < sql.length() && (sql.charAt(pos + 1) == 'x')) {
            int start = pos + 2;
            pos = start;
            while (pos < sql.length() && Character.digit(sql.charAt(pos), 16) >= 0) {
                pos++;
            }
            String digits = sql.substring(start, pos);
            return hex(digits.length() % 2 == 0 ? digits : "0" + digits);
        }
        if (c != '\'' && c != '"') {
            throw error("a string");
        }
        return quoted(c);
    }

    private byte[] hex(String digits) {
        try {
            return HexFormat.of().parseHex(digits);
        } catch (IllegalArgumentException e) {
            throw new LoadSyntaxException(pos, "not a hexadecimal literal: " + digits);
        }
    }

    private byte[] quoted(char quote) {
        StringBuilder run = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= sql.length()) {
                throw error("the string's closing " + quote);
            }
            char c = sql.charAt(pos++);
            if (c == quote) {
                if (peek() != quote) {
                    break;
                }
                pos++;
                run.append(quote);
            } else if (c == '\\' && backslashEscapes && pos < sql.length()) {
                run.append(unescaped(sql.charAt(pos++)));
            } else {
                run.append(c);
            }
        }
        return run.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** MySQL's string escapes ({@code \%} and {@code \_} keep their backslash, as outside LIKE they do). */
    private static String unescaped(char c) {
        return switch (c) {
            case '0' -> "\0";
            case 'b' -> "\b";
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'Z' -> "\u001A";
            case '%', '_' -> "\\" + c;
            default -> String.valueOf(c);
        };
    }

    void expect(String word) {
        if (!keyword(word)) {
            throw error(word);
        }
    }

    /** Reads {@code word} (any case, as a whole word) if it comes next. */
    boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (end > sql.length() || !sql.regionMatches(true, pos, word, 0, word.length())
                || end < sql.length() && isNameChar(sql.charAt(end))) {
            return false;
        }
        pos = end;
        return true;
    }

    char peek() {
        return pos < sql.length() ? sql.charAt(pos) : '\0';
    }

    char peekAfterSpace() {
        skipSpace();
        return peek();
    }

    /** Skips blanks and comments ({@code -- }, {@code #}, {@code /* *}{@code /}). */
    void skipSpace() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '#' || c == '-' && sql.startsWith("-- ", pos)) {
                int end = sql.indexOf('\n', pos);
                pos = end < 0 ? sql.length() : end + 1;
            } else if (sql.startsWith("/*", pos) && !sql.startsWith("/*!", pos)) {
                int end = sql.indexOf("*/", pos + 2);
                pos = end < 0 ? sql.length() : end + 2;
            } else {
                return;
            }
        }
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c > 0x7F;
    }

    LoadSyntaxException error(String expected) {
        return new LoadSyntaxException(pos, "expected " + expected);
    }
}
