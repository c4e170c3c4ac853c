package io.tessera.router.parse;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * A {@code LOAD DATA} statement as MySQL's manual gives its syntax, with the defaults filled in. The field and line
 * strings are the bytes the file is split by; {@code columns} are the column list's items as written (a column's name,
 * or {@code @var}); {@code setColumns} the columns the SET clause assigns.
 *
 * @param local LOCAL: the client sends the file
 * @param modifier {@code LOW_PRIORITY}, {@code CONCURRENT} or {@code null}
 * @param duplicates {@code REPLACE}, {@code IGNORE} or {@code null}
 * @param partition the PARTITION clause as written, or {@code null}
 * @param charset the CHARACTER SET's name, or {@code null}
 * @param enclosedBy the enclosing character, or empty for none
 * @param escapedBy the escape character, or empty for none
 * @param ignoreLines the lines to skip at the start of the file
 * @param columnList the column list as written, parentheses included, or {@code null}
 * @param set the SET clause after its keyword, as written, or {@code null}
 * @param backslashEscapes the statement was read with backslash escapes (no NO_BACKSLASH_ESCAPES in sql_mode)
 */
public record LoadData(boolean local, String modifier, String fileName, String duplicates, TableReference table,
        String partition, String charset, byte[] fieldsTerminatedBy, byte[] enclosedBy, boolean optionallyEnclosed,
        byte[] escapedBy, byte[] linesStartingBy, byte[] linesTerminatedBy, long ignoreLines, String columnList,
        List<String> columns, String set, List<String> setColumns, boolean backslashEscapes) {

    public LoadData {
        columns = List.copyOf(columns);
        setColumns = List.copyOf(setColumns);
    }

    /**
     * The statement a data node runs for its share of a file the client sends: LOCAL, whatever the file's name
     * (Tessera sends the content), the table without its logical schema, and the field and line strings as hexadecimal
     * literals, which read the same in every sql_mode.
     *
     * @param withIgnoredLines whether the node skips the IGNORE ... LINES itself (it gets the whole file), or Tessera
     *     has skipped them
     */
    public String nodeStatement(boolean withIgnoredLines) {
        return render(true, withIgnoredLines);
    }

    /** The statement for the one data node whose data host reads the file from its own disk (no LOCAL). */
    public String serverFileStatement() {
        return render(false, true);
    }

    private String render(boolean fromClient, boolean withIgnoredLines) {
        StringBuilder sql = new StringBuilder("LOAD DATA ");
        if (modifier != null) {
            sql.append(modifier).append(' ');
        }
        if (fromClient) {
            sql.append("LOCAL INFILE 'tessera-load'");
        } else {
            String quoted = fileName.replace("'", "''");
            sql.append("INFILE '").append(backslashEscapes ? quoted.replace("\\", "\\\\") : quoted).append('\'');
        }
        if (duplicates != null) {
            sql.append(' ').append(duplicates);
        }
        sql.append(" INTO TABLE `").append(table.table().replace("`", "``")).append('`');
        if (partition != null) {
            sql.append(' ').append(partition);
        }
        if (charset != null) {
            sql.append(" CHARACTER SET ").append(charset);
        }
        sql.append(" FIELDS TERMINATED BY ").append(hex(fieldsTerminatedBy));
        sql.append(optionallyEnclosed ? " OPTIONALLY" : "").append(" ENCLOSED BY ").append(hex(enclosedBy));
        sql.append(" ESCAPED BY ").append(hex(escapedBy));
        sql.append(" LINES STARTING BY ").append(hex(linesStartingBy));
        sql.append(" TERMINATED BY ").append(hex(linesTerminatedBy));
        if (withIgnoredLines && ignoreLines > 0) {
            sql.append(" IGNORE ").append(ignoreLines).append(" LINES");
        }
        if (columnList != null) {
            sql.append(' ').append(columnList);
        }
        if (set != null) {
            sql.append(" SET ").append(set);
        }
        return sql.toString();
    }

    /** The table as the statement names it, for messages. */
    public String tableName() {
        return table.schema() == null ? table.table() : table.schema() + "." + table.table();
    }

    /** The statement's first words, for messages: {@code LOAD DATA LOCAL INFILE}. */
    public String verb() {
        return local ? "LOAD DATA LOCAL INFILE" : "LOAD DATA INFILE";
    }

    private static String hex(byte[] bytes) {
        return bytes.length == 0 ? "''" : "X'" + HexFormat.of().formatHex(bytes) + "'";
    }

    /** What a field or line string is written as by default, as bytes. */
    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
