package io.tessera.router.parse;

import io.tessera.router.error.RouteException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a {@code LOAD DATA} statement (MySQL manual, "LOAD DATA Statement"). Druid's parser drops or refuses parts
 * of it that change where rows go or how the file is split (an unquoted CHARACTER SET, {@code IGNORE n ROWS},
 * PARTITION), so Tessera reads it itself:
 *
 * <pre>
 * LOAD DATA [LOW_PRIORITY | CONCURRENT] [LOCAL] INFILE 'file' [REPLACE | IGNORE] INTO TABLE tbl
 *     [PARTITION (...)] [CHARACTER SET charset]
 *     [{FIELDS | COLUMNS} [TERMINATED BY 's'] [[OPTIONALLY] ENCLOSED BY 'c'] [ESCAPED BY 'c']]
 *     [LINES [STARTING BY 's'] [TERMINATED BY 's']] [IGNORE n {LINES | ROWS}]
 *     [(col_or_@var, ...)] [SET col = expr, ...]
 * </pre>
 *
 * Stateless apart from one statement's reading position; one instance per statement.
 */
public final class LoadDataSyntax {

    private final String sql;
    private final boolean backslashEscapes;
    private int pos;

    private LoadDataSyntax(String sql, boolean backslashEscapes) {
        this.sql = sql;
        this.backslashEscapes = backslashEscapes;
    }

    /** Whether {@code sql} is a LOAD DATA or LOAD XML statement (its first word is LOAD). */
    public static boolean isLoad(String sql) {
        LoadDataSyntax reader = new LoadDataSyntax(sql, true);
        return reader.keyword("LOAD");
    }

    /**
     * The statement {@code sql}, read with string escapes as the session's sql_mode says.
     *
     * @throws LoadSyntaxException where the text is not a LOAD DATA statement MySQL would take, with the offset
     * @throws RouteException 1235 for LOAD XML
     */
    public static LoadData parse(String sql, boolean backslashEscapes) {
        return new LoadDataSyntax(sql, backslashEscapes).statement();
    }

    private LoadData statement() {
        expect("LOAD");
        if (keyword("XML")) {
            throw RouteException.notSupported("LOAD XML is not supported by Tessera: load the rows with LOAD DATA"
                    + " or INSERT");
        }
        expect("DATA");
        String modifier = keyword("LOW_PRIORITY") ? "LOW_PRIORITY" : keyword("CONCURRENT") ? "CONCURRENT" : null;
        boolean local = keyword("LOCAL");
        expect("INFILE");
        String fileName = new String(string(), StandardCharsets.UTF_8);
        String duplicates = keyword("REPLACE") ? "REPLACE" : keyword("IGNORE") ? "IGNORE" : null;
        expect("INTO");
        expect("TABLE");
        TableReference table = tableName();
        String partition = null;
        if (keyword("PARTITION")) {
            int start = pos - "PARTITION".length();
            skipParenthesized();
            partition = sql.substring(start, pos);
        }
        String charset = null;
        if (keyword("CHARACTER")) {
            expect("SET");
            charset = charsetName();
        } else if (keyword("CHARSET")) {
            charset = charsetName();
        }
        Options options = new Options();
        while (true) {
            if (keyword("FIELDS") || keyword("COLUMNS")) {
                fieldOptions(options);
            } else if (keyword("LINES")) {
                lineOptions(options);
            } else {
                break;
            }
        }
        long ignoreLines = 0;
        if (keyword("IGNORE")) {
            ignoreLines = number();
            if (!keyword("LINES") && !keyword("ROWS")) {
                throw error("LINES or ROWS");
            }
        }
        String columnList = null;
        List<String> columns = new ArrayList<>();
        skipSpace();
        if (peek() == '(') {
            int start = pos;
            columnList(columns);
            columnList = sql.substring(start, pos);
        }
        String set = null;
        List<String> setColumns = new ArrayList<>();
        if (keyword("SET")) {
            skipSpace();
            int start = pos;
            setClause(setColumns);
            set = sql.substring(start, pos).strip();
        }
        skipSpace();
        if (peek() == ';') {
            pos++;
            skipSpace();
        }
        if (pos < sql.length()) {
            throw error("the end of the statement");
        }
        return new LoadData(local, modifier, fileName, duplicates, table, partition, charset, options.fieldsTerminated,
                options.enclosed, options.optionally, options.escaped, options.linesStarting, options.linesTerminated,
                ignoreLines, columnList, columns, set, setColumns, backslashEscapes);
    }

    /** The field and line strings, MySQL's defaults until the statement says otherwise. */
    private static final class Options {
        byte[] fieldsTerminated = LoadData.bytes("\t");
        byte[] enclosed = new byte[0];
        boolean optionally;
        byte[] escaped = LoadData.bytes("\\");
        byte[] linesStarting = new byte[0];
        byte[] linesTerminated = LoadData.bytes("\n");
    }

    private void fieldOptions(Options options) {
        boolean any = false;
        while (true) {
            if (keyword("TERMINATED")) {
                expect("BY");
                options.fieldsTerminated = string();
            } else if (keyword("OPTIONALLY")) {
                expect("ENCLOSED");
                expect("BY");
                options.enclosed = string();
                options.optionally = true;
            } else if (keyword("ENCLOSED")) {
                expect("BY");
                options.enclosed = string();
            } else if (keyword("ESCAPED")) {
                expect("BY");
                options.escaped = string();
            } else {
                break;
            }
            any = true;
        }
        if (!any) {
            throw error("TERMINATED BY, ENCLOSED BY or ESCAPED BY");
        }
    }

    private void lineOptions(Options options) {
        boolean any = false;
        while (true) {
            if (keyword("STARTING")) {
                expect("BY");
                options.linesStarting = string();
            } else if (keyword("TERMINATED")) {
                expect("BY");
                options.linesTerminated = string();
            } else {
                break;
            }
            any = true;
        }
        if (!any) {
            throw error("STARTING BY or TERMINATED BY");
        }
    }

    /** {@code (a, @b, `c`)}: each item's name, a user variable with its {@code @}. */
    private void columnList(List<String> columns) {
        pos++; // (
        skipSpace();
        if (peek() == ')') {
            pos++;
            return;
        }
        while (true) {
            skipSpace();
            if (peek() == '@') {
                pos++;
                columns.add("@" + (peek() == '\'' || peek() == '"'
                        ? new String(string(), StandardCharsets.UTF_8) : identifier()));
            } else {
                columns.add(lastPart());
            }
            skipSpace();
            char c = peek();
            pos++;
            if (c == ')') {
                return;
            }
            if (c != ',') {
                pos--;
                throw error("',' or ')'");
            }
        }
    }

    /** {@code col = expr, ...} to the end: the columns assigned; expressions are skipped, strings and all. */
    private void setClause(List<String> setColumns) {
        while (true) {
            setColumns.add(lastPart());
            skipSpace();
            if (peek() != '=') {
                throw error("'='");
            }
            pos++;
            int depth = 0;
            while (true) {
                skipSpace();
                if (pos >= sql.length() || depth == 0 && (peek() == ',' || peek() == ';')) {
                    break;
                }
                char c = peek();
                if (c == '\'' || c == '"') {
                    string();
                } else if (c == '`') {
                    identifier();
                } else {
                    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                    pos++;
                }
            }
            if (pos >= sql.length() || peek() == ';') {
                return;
            }
            pos++; // ,
        }
    }

    /** {@code a.b.c} or {@code c}: the last name, a column's. */
    private String lastPart() {
        String name = identifier();
        while (peekAfterSpace() == '.') {
            skipSpace();
            pos++;
            name = identifier();
        }
        return name;
    }

    private TableReference tableName() {
        String first = identifier();
        if (peekAfterSpace() == '.') {
            skipSpace();
            pos++;
            return new TableReference(first, identifier());
        }
        return new TableReference(null, first);
    }

    private String charsetName() {
        skipSpace();
        return peek() == '\'' || peek() == '"' ? new String(string(), StandardCharsets.UTF_8) : identifier();
    }

    private void skipParenthesized() {
        skipSpace();
        if (peek() != '(') {
            throw error("'('");
        }
        int depth = 0;
        do {
            char c = peek();
            if (c == '`') {
                identifier();
                continue;
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            pos++;
        } while (depth > 0 && pos < sql.length());
        if (depth > 0) {
            throw error("')'");
        }
    }

    private long number() {
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
            throw new LoadSyntaxException(start, "IGNORE takes at most " + Long.MAX_VALUE + " lines");
        }
    }

    /** A name, bare or in backquotes; as MySQL reads it. */
    private String identifier() {
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
    private byte[] string() {
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

    private void expect(String word) {
        if (!keyword(word)) {
            throw error(word);
        }
    }

    /** Reads {@code word} (any case, as a whole word) if it comes next. */
    private boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (end > sql.length() || !sql.regionMatches(true, pos, word, 0, word.length())
                || end < sql.length() && isNameChar(sql.charAt(end))) {
            return false;
        }
        pos = end;
        return true;
    }

    private char peek() {
        return pos < sql.length() ? sql.charAt(pos) : '\0';
    }

    private char peekAfterSpace() {
        skipSpace();
        return peek();
    }

    /** Skips blanks and comments ({@code -- }, {@code #}, {@code /* *}{@code /}). */
    private void skipSpace() {
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

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c > 0x7F;
    }

    private LoadSyntaxException error(String expected) {
        return new LoadSyntaxException(pos, "expected " + expected);
    }
}
