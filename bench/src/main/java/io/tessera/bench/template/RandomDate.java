package io.tessera.bench.template;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.Year;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * {@code ${date(yyyy-MM-dd HH:mm:ss-[2014-2015]y-[1-6]M)}}: a random date-time in a {@link DateTimeFormatter}
 * pattern. Optional {@code -[min-max]X} ranges bound the year (y), month (M), day (d), hour (H), minute (m),
 * second (s) and millisecond (S); each field is uniform in its range, and the others keep MyCat's defaults.
 */
final class RandomDate implements Part {

    private enum Field {
        YEAR('y', 1, 9999, 1970, 2999),     // yyyy stays four digits; the default is MyCat's
        MONTH('M', 1, 12),
        DAY('d', 1, 31),
        HOUR('H', 0, 23),
        MINUTE('m', 0, 59),
        SECOND('s', 0, 59),
        MILLI('S', 0, 999);

        final char letter;
        final int lowest;
        final int highest;
        final int defaultMin;
        final int defaultMax;

        Field(char letter, int lowest, int highest) {
            this(letter, lowest, highest, lowest, highest);
        }

        Field(char letter, int lowest, int highest, int defaultMin, int defaultMax) {
            this.letter = letter;
            this.lowest = lowest;
            this.highest = highest;
            this.defaultMin = defaultMin;
            this.defaultMax = defaultMax;
        }
    }

    private static final Field[] FIELDS = Field.values();
    private static final String RANGE_START = "-[";

    private final DateTimeFormatter formatter;
    private final int[] min;    // by Field.ordinal()
    private final int[] max;

    private RandomDate(DateTimeFormatter formatter, int[] min, int[] max) {
        this.formatter = formatter;
        this.min = min;
        this.max = max;
    }

    /**
     * The format ends at the first {@code -[}. MyCat cut it at the first {@code -}, which made {@code yyyy-MM-dd}
     * print only the year; a format that itself contains {@code -[} cannot be written.
     */
    static RandomDate parse(String args, Variable variable) {
        int formatEnd = args.indexOf(RANGE_START);
        String pattern = formatEnd < 0 ? args : args.substring(0, formatEnd);
        DateTimeFormatter formatter = formatter(pattern, variable);
        int[] min = new int[FIELDS.length];
        int[] max = new int[FIELDS.length];
        for (Field field : FIELDS) {
            min[field.ordinal()] = field.defaultMin;
            max[field.ordinal()] = field.defaultMax;
        }
        boolean[] given = new boolean[FIELDS.length];
        int at = formatEnd < 0 ? args.length() : formatEnd;
        while (at < args.length()) {
            int close = args.indexOf(']', at);
            if (!args.startsWith(RANGE_START, at) || close < 0 || close + 1 == args.length()) {
                throw variable.error("date range: '" + args.substring(at) + "' (expected: -[min-max] then y, M, d, H,"
                        + " m, s or S)");
            }
            Field field = field(args.charAt(close + 1), variable);
            if (given[field.ordinal()]) {
                throw variable.error("date range: " + field.letter + " given twice");
            }
            given[field.ordinal()] = true;
            String text = args.substring(at + RANGE_START.length(), close);
            long[] range = variable.range(text, '-', field.letter + " range");
            if (range[0] < field.lowest || range[1] > field.highest) {
                throw variable.error(field.letter + " range: " + text + " (expected: within " + field.lowest + "-"
                        + field.highest + ")");
            }
            min[field.ordinal()] = (int) range[0];
            max[field.ordinal()] = (int) range[1];
            at = close + 2;
        }
        return new RandomDate(formatter, min, max);
    }

    private static DateTimeFormatter formatter(String pattern, Variable variable) {
        if (pattern.isEmpty()) {
            throw variable.error("format: empty (expected: a DateTimeFormatter pattern such as yyyyMMddHHmmss)");
        }
        try {
            // Locale.ROOT: MMM and EEE render the same on every machine.
            DateTimeFormatter formatter = DateTimeFormatter.ofPattern(pattern, Locale.ROOT);
            formatter.format(LocalDateTime.of(2000, 1, 1, 0, 0));  // a zone letter (VV, z) fails here, not per render
            return formatter;
        } catch (IllegalArgumentException | DateTimeException e) {
            throw variable.error("format: '" + pattern + "' (" + e.getMessage() + ")");
        }
    }

    private static Field field(char letter, Variable variable) {
        for (Field field : FIELDS) {
            if (field.letter == letter) {
                return field;
            }
        }
        throw variable.error("date range: unknown field '" + letter + "' (expected: y, M, d, H, m, s or S)");
    }

    @Override
    public void appendTo(StringBuilder out, RandomGenerator random) {
        int year = draw(Field.YEAR, random);
        int month = draw(Field.MONTH, random);
        // MyCat's Calendar rolled February 30 over into March; clamping keeps the month the range asked for.
        int day = Math.min(draw(Field.DAY, random), Month.of(month).length(Year.isLeap(year)));
        LocalDateTime time = LocalDateTime.of(year, month, day, draw(Field.HOUR, random), draw(Field.MINUTE, random),
                draw(Field.SECOND, random), draw(Field.MILLI, random) * 1_000_000);
        formatter.formatTo(time, out);
    }

    private int draw(Field field, RandomGenerator random) {
        return random.nextInt(min[field.ordinal()], max[field.ordinal()] + 1);
    }
}
