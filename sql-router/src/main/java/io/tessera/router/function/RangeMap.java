package io.tessera.router.function;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code start-end=value} lines of a MyCat map file, in file order. As in MyCat, a value belongs to the first line
 * whose range holds it, so ranges may overlap (MyCat's own {@code autopartition-long.txt} shares its boundaries).
 */
final class RangeMap {

    private final long[] starts;
    private final long[] ends;
    private final int[] values;

    /** One line of a map file. */
    record Line(long start, long end, int value) {
    }

    RangeMap(List<Line> lines) {
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("ranges: [] (expected: at least one start-end=value line)");
        }
        starts = new long[lines.size()];
        ends = new long[lines.size()];
        values = new int[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (line.start() > line.end()) {
                throw new IllegalArgumentException("range: " + line.start() + "-" + line.end()
                        + " (expected: start <= end)");
            }
            starts[i] = line.start();
            ends[i] = line.end();
            values[i] = line.value();
        }
    }

    /**
     * Reads the map file a property names. MyCat skips lines it cannot read; Tessera refuses them, naming the line.
     *
     * @param units whether numbers may end in MyCat's units: {@code K} = 1,000 and {@code M} = 10,000 (NumberParseUtil:
     *              {@code 200M1} is 2,000,001)
     */
    static RangeMap read(FunctionProperties props, String property, boolean units, String valueName) {
        List<Line> lines = new ArrayList<>();
        for (String line : props.mapFileLines(property)) {
            lines.add(parse(props, property, line, units, valueName));
        }
        try {
            return new RangeMap(lines);
        } catch (IllegalArgumentException e) {
            throw props.error(property, e.getMessage());
        }
    }

    private static Line parse(FunctionProperties props, String property, String line, boolean units,
            String valueName) {
        int equals = line.indexOf('=');
        String[] bounds = equals < 0 ? new String[0] : line.substring(0, equals).trim().split("-");
        if (bounds.length != 2) {
            throw badLine(props, property, line, units, valueName);
        }
        try {
            return new Line(number(bounds[0].trim(), units), number(bounds[1].trim(), units),
                    Integer.parseInt(line.substring(equals + 1).trim()));
        } catch (NumberFormatException | ArithmeticException e) {
            throw badLine(props, property, line, units, valueName);
        }
    }

    private static FunctionConfigException badLine(FunctionProperties props, String property, String line,
            boolean units, String valueName) {
        return props.error(property, "line \"" + line + "\" (expected: start-end=" + valueName
                + (units ? ", where start and end may end in K (x 1000) or M (x 10000)" : "") + ")");
    }

    /** MyCat's {@code NumberParseUtil.parseLong}, less its silent overflow. */
    private static long number(String text, boolean units) {
        if (!units) {
            return Long.parseLong(text);
        }
        String upper = text.toUpperCase(Locale.ROOT);
        int unit = upper.indexOf('M');
        long factor = 10_000;
        if (unit < 0) {
            unit = upper.indexOf('K');
            factor = 1_000;
        }
        if (unit <= 0) {
            return Long.parseLong(upper);
        }
        long value = Math.multiplyExact(Long.parseLong(upper.substring(0, unit)), factor);
        String rest = upper.substring(unit + 1);
        return rest.isEmpty() ? value : Math.addExact(value, Integer.parseInt(rest));
    }

    int size() {
        return values.length;
    }

    long start(int range) {
        return starts[range];
    }

    long end(int range) {
        return ends[range];
    }

    int value(int range) {
        return values[range];
    }

    /** The first range that holds {@code v}, or -1. */
    int indexOf(long v) {
        for (int i = 0; i < starts.length; i++) {
            if (v >= starts[i] && v <= ends[i]) {
                return i;
            }
        }
        return -1;
    }

    /** Receives the parts of an interval, each with the range that owns it. */
    interface PartVisitor {

        /** {@code range} is -1 for a part that no range holds. */
        void visit(int range, long from, long to);
    }

    /** Splits {@code low..high} into parts by the range that owns each value; nothing when {@code low > high}. */
    void forEachPart(long low, long high, PartVisitor visitor) {
        if (low > high) {
            return;
        }
        List<long[]> pending = new ArrayList<>();
        pending.add(new long[] {low, high});
        for (int range = 0; range < starts.length && !pending.isEmpty(); range++) {
            List<long[]> rest = new ArrayList<>();
            for (long[] part : pending) {
                long from = Math.max(part[0], starts[range]);
                long to = Math.min(part[1], ends[range]);
                if (from > to) {
                    rest.add(part);
                    continue;
                }
                visitor.visit(range, from, to);
                if (part[0] < from) {
                    rest.add(new long[] {part[0], from - 1});
                }
                if (to < part[1]) {
                    rest.add(new long[] {to + 1, part[1]});
                }
            }
            pending = rest;
        }
        for (long[] part : pending) {
            visitor.visit(-1, part[0], part[1]);
        }
    }
}
