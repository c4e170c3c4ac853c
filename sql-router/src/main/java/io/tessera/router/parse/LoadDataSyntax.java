package io.tessera.router.parse;

import io.tessera.router.error.RouteException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * One instance per statement.
 */
public final class LoadDataSyntax extends SqlCursor {

    private LoadDataSyntax(String sql, boolean backslashEscapes) {
        super(sql, backslashEscapes);
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
}
