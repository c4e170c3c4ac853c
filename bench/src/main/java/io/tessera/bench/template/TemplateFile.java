package io.tessera.bench.template;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A template file of MyCat 1.6's test tool, read as UTF-8:
 *
 * <pre>
 * # comment; blank lines are ignored too
 * total=10000
 * sql=insert into travelrecord (id, fee) values (${int(1-10000000)}, ${int(10-999)})
 * </pre>
 *
 * Unlike {@link java.util.Properties}, which MyCat used, a backslash is kept as written and a line never continues
 * on the next one, so the SQL reaches the server exactly as it stands in the file. A key given twice, or any key but
 * {@code total} and {@code sql}, is an error rather than silently ignored.
 *
 * @param total  how many statements to run, or 0 when the file does not say
 * @param sql    the statement template
 * @param source the file it was read from
 */
public record TemplateFile(long total, SqlTemplate sql, Path source) {

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    public TemplateFile {
        if (total < 0) {
            throw new IllegalArgumentException("total: " + total + " (expected: >= 0, 0 when not given)");
        }
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(source, "source");
    }

    /**
     * Reads and compiles {@code file}.
     *
     * @throws IllegalArgumentException naming the file and the line that is wrong, or saying that no line is sql=
     */
    public static TemplateFile read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        long total = 0;
        int totalLine = 0;
        SqlTemplate sql = null;
        int sqlLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (i == 0 && !line.isEmpty() && line.charAt(0) == BYTE_ORDER_MARK) {
                line = line.substring(1);  // Windows editors save UTF-8 with one
            }
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int number = i + 1;
            String where = file + ":" + number + ": ";
            int equals = line.indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException(where + "'" + line + "' (expected: total=N or sql=statement)");
            }
            String key = line.substring(0, equals).strip();
            String value = line.substring(equals + 1).strip();
            switch (key) {
                case "total" -> {
                    checkFirst(totalLine, where, key);
                    total = total(value, where);
                    totalLine = number;
                }
                case "sql" -> {
                    checkFirst(sqlLine, where, key);
                    sql = template(value, where);
                    sqlLine = number;
                }
                default -> throw new IllegalArgumentException(where + "unknown key '" + key
                        + "' (expected: total or sql)");
            }
        }
        if (sql == null) {
            throw new IllegalArgumentException(file + ": no sql= line (expected: sql=statement)");
        }
        return new TemplateFile(total, sql, file);
    }

    private static void checkFirst(int firstLine, String where, String key) {
        if (firstLine != 0) {
            throw new IllegalArgumentException(where + key + "= given again (first on line " + firstLine + ")");
        }
    }

    private static long total(String value, String where) {
        try {
            if (value.chars().allMatch(c -> c >= '0' && c <= '9')) {  // no sign, no spaces, no 1e4
                long total = Long.parseLong(value);
                if (total >= 1) {
                    return total;
                }
            }
        } catch (NumberFormatException e) {
            // empty or too large: reported below, like any other bad total
        }
        throw new IllegalArgumentException(where + "total=" + value + " (expected: a whole number >= 1)");
    }

    private static SqlTemplate template(String value, String where) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException(where + "sql= is empty (expected: sql=statement)");
        }
        try {
            return SqlTemplate.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "sql: " + e.getMessage(), e);
        }
    }
}
