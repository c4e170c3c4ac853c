package io.tessera.proxy.it;

import io.tessera.proxy.it.DifferentialQuery.Fold;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Runs one query through Tessera and on the plain table and says whether Tessera answered as MySQL does: the same
 * column labels, type names and DECIMAL scales, and the same rows, in the same order when the query's order is
 * total, else as multisets. DOUBLE values compare with a relative tolerance (a sum depends on the order of its
 * terms), and values that a collation deems equal compare equal where MySQL may return any of them.
 */
final class ResultComparison implements AutoCloseable {

    /** ER_NOT_SUPPORTED_YET: Tessera refuses what it cannot answer correctly. */
    private static final int NOT_SUPPORTED_YET = 1235;

    private static final double RELATIVE_TOLERANCE = 1e-9;
    /** For sums that cancel out to almost nothing, where a relative tolerance means nothing. */
    private static final double ABSOLUTE_TOLERANCE = 1e-12;
    private static final Set<String> FLOATING = Set.of("DOUBLE", "FLOAT", "REAL", "DOUBLE UNSIGNED",
            "FLOAT UNSIGNED");
    private static final Set<String> BINARY = Set.of("BINARY", "VARBINARY", "TINYBLOB", "BLOB", "MEDIUMBLOB",
            "LONGBLOB", "BIT", "GEOMETRY");
    private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");
    private static final int MAX_SHOWN_CHARS = 300;
    private static final Comparator<String> TEXT_ORDER = Comparator.nullsFirst(Comparator.naturalOrder());
    private static final Comparator<String> NUMBER_ORDER =
            Comparator.nullsFirst(Comparator.comparingDouble(ResultComparison::number));

    /** Opens a connection; called again after a connection broke. */
    interface Opener {
        Connection open() throws SQLException;
    }

    enum Verdict { MATCHED, REFUSED, FAILED }

    /**
     * What became of one query: {@code detail} says what differed, for failures; the times are those of running
     * the query and reading its rows on each side.
     */
    record Outcome(Verdict verdict, String detail, long directNanos, long tesseraNanos) {
    }

    private record Column(String label, String typeName, int scale) {
        @Override
        public String toString() {
            return label + " " + typeName + (typeName.startsWith("DECIMAL") ? "(scale " + scale + ")" : "");
        }
    }

    private record Result(List<Column> columns, List<List<String>> rows) {
    }

    /** A row's values as they came, and as they compare (folded). */
    private record Row(List<String> raw, List<String> folded) {
    }

    private final Opener tesseraOpener;
    private final Opener directOpener;
    private Connection tessera;
    private Connection direct;
    private int reconnects;

    ResultComparison(Opener tesseraOpener, Opener directOpener) throws SQLException {
        this.tesseraOpener = tesseraOpener;
        this.directOpener = directOpener;
        this.tessera = tesseraOpener.open();
        this.direct = directOpener.open();
    }

    /** How many times a broken connection was replaced. */
    int reconnects() {
        return reconnects;
    }

    Outcome compare(DifferentialQuery query) throws SQLException {
        long started = System.nanoTime();
        Result expected;
        try {
            expected = run(direct, query.sql());
        } catch (SQLException e) {
            direct = reopenIfBroken(direct, directOpener);
            return new Outcome(Verdict.FAILED, "the direct query failed: " + describe(e), 0, 0);
        }
        long directNanos = System.nanoTime() - started;
        started = System.nanoTime();
        Result actual;
        try {
            actual = run(tessera, query.sql());
        } catch (SQLException e) {
            long tesseraNanos = System.nanoTime() - started;
            tessera = reopenIfBroken(tessera, tesseraOpener);
            if (e.getErrorCode() == NOT_SUPPORTED_YET && !query.mustMerge()) {
                return new Outcome(Verdict.REFUSED, e.getMessage(), directNanos, tesseraNanos);
            }
            return new Outcome(Verdict.FAILED, "Tessera answered " + describe(e), directNanos, tesseraNanos);
        }
        long tesseraNanos = System.nanoTime() - started;
        String difference = difference(query, expected, actual);
        return new Outcome(difference == null ? Verdict.MATCHED : Verdict.FAILED, difference == null ? ""
                : difference, directNanos, tesseraNanos);
    }

    @Override
    public void close() throws SQLException {
        try {
            tessera.close();
        } finally {
            direct.close();
        }
    }

    private Connection reopenIfBroken(Connection connection, Opener opener) throws SQLException {
        if (connection.isValid(5)) {
            return connection;
        }
        connection.close();
        reconnects++;
        return opener.open();
    }

    private static String describe(SQLException e) {
        return "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
    }

    private static Result run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            List<Column> columns = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                columns.add(new Column(md.getColumnLabel(i), md.getColumnTypeName(i), md.getScale(i)));
            }
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    if (BINARY.contains(columns.get(i - 1).typeName())) {
                        byte[] bytes = rs.getBytes(i);
                        row.add(bytes == null ? null : "0x" + HexFormat.of().formatHex(bytes));
                    } else {
                        row.add(rs.getString(i));
                    }
                }
                rows.add(row);
            }
            return new Result(columns, rows);
        }
    }

    /** {@code null} when Tessera's answer matches, else what differs first. */
    private static String difference(DifferentialQuery query, Result expected, Result actual) {
        if (!sameColumns(expected.columns(), actual.columns())) {
            return "columns: expected " + expected.columns() + " but Tessera gave " + actual.columns();
        }
        boolean[] floating = new boolean[expected.columns().size()];
        for (int i = 0; i < floating.length; i++) {
            floating[i] = FLOATING.contains(expected.columns().get(i).typeName());
        }
        List<Row> e = rows(query, expected, floating);
        List<Row> a = rows(query, actual, floating);
        String how = "in order";
        if (!query.ordered()) {
            Comparator<Row> canonical = canonicalOrder(floating);
            e.sort(canonical);
            a.sort(canonical);
            how = "as multisets (both sorted)";
        }
        for (int i = 0; i < Math.min(e.size(), a.size()); i++) {
            for (int c = 0; c < floating.length; c++) {
                if (!same(e.get(i).folded().get(c), a.get(i).folded().get(c), floating[c])) {
                    return "compared " + how + ", row " + i + " column " + expected.columns().get(c).label()
                            + ": expected " + show(e.get(i).raw()) + " but Tessera gave " + show(a.get(i).raw())
                            + " (" + e.size() + " rows expected, " + a.size() + " given)";
                }
            }
        }
        if (e.size() != a.size()) {
            List<Row> longer = e.size() > a.size() ? e : a;
            return "compared " + how + ": expected " + e.size() + " rows but Tessera gave " + a.size()
                    + "; first row only " + (longer == e ? "expected" : "given") + ": "
                    + show(longer.get(Math.min(e.size(), a.size())).raw());
        }
        return null;
    }

    /** Labels and type names match, and so do the scales of DECIMAL columns. */
    private static boolean sameColumns(List<Column> e, List<Column> a) {
        if (e.size() != a.size()) {
            return false;
        }
        for (int i = 0; i < e.size(); i++) {
            Column x = e.get(i);
            Column y = a.get(i);
            if (!x.label().equals(y.label()) || !x.typeName().equals(y.typeName())
                    || x.typeName().startsWith("DECIMAL") && x.scale() != y.scale()) {
                return false;
            }
        }
        return true;
    }

    private static List<Row> rows(DifferentialQuery query, Result result, boolean[] floating) {
        List<Row> rows = new ArrayList<>(result.rows().size());
        for (List<String> raw : result.rows()) {
            List<String> folded = new ArrayList<>(raw.size());
            for (int c = 0; c < raw.size(); c++) {
                folded.add(floating[c] ? raw.get(c) : fold(raw.get(c), query.fold(c)));
            }
            rows.add(new Row(raw, folded));
        }
        return rows;
    }

    /** Makes values equal that the fold's collation deems equal. */
    private static String fold(String value, Fold fold) {
        if (value == null) {
            return null;
        }
        return switch (fold) {
            case NONE -> value;
            case TRAILING_SPACE -> stripTrailingSpaces(value);
            case COLLATION -> stripTrailingSpaces(COMBINING_MARKS.matcher(Normalizer.normalize(value,
                    Normalizer.Form.NFD)).replaceAll("").toLowerCase(Locale.ROOT));
        };
    }

    private static String stripTrailingSpaces(String value) {
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == ' ') {
            end--;
        }
        return value.substring(0, end);
    }

    /** Text columns first (NULL first), then DOUBLE columns by value: tolerance-equal rows end up side by side. */
    private static Comparator<Row> canonicalOrder(boolean[] floating) {
        return (x, y) -> {
            for (int c = 0; c < floating.length; c++) {
                if (!floating[c]) {
                    int order = TEXT_ORDER.compare(x.folded().get(c), y.folded().get(c));
                    if (order != 0) {
                        return order;
                    }
                }
            }
            for (int c = 0; c < floating.length; c++) {
                if (floating[c]) {
                    int order = NUMBER_ORDER.compare(x.folded().get(c), y.folded().get(c));
                    if (order != 0) {
                        return order;
                    }
                }
            }
            return 0;
        };
    }

    private static double number(String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static boolean same(String expected, String actual, boolean floating) {
        if (Objects.equals(expected, actual)) {
            return true;
        }
        if (!floating || expected == null || actual == null) {
            return false;
        }
        double x = number(expected);
        double y = number(actual);
        double difference = Math.abs(x - y);
        return difference <= ABSOLUTE_TOLERANCE
                || difference <= RELATIVE_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
    }

    private static String show(List<String> row) {
        String text = row.toString();
        return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "...";
    }
}
