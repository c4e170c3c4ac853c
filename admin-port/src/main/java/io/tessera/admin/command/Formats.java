package io.tessera.admin.command;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The text formats MyCat 1.6 prints in admin results, kept identical so that DBA scripts parse Tessera's too. */
final class Formats {

    private static final String[] UNITS = {"d ", "h ", "m ", "s ", "ms"};
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private Formats() {
    }

    /** Nanoseconds as milliseconds with three decimals, {@code 1234567} as {@code "1.235"} (Cobar's parser format). */
    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1_000_000.0);
    }

    /**
     * MyCat's {@code FormatUtil.formatTime(millis, 3)}: the three largest units from the first non-zero one, each
     * followed by its unit and a space except {@code ms}: {@code 3723000} is {@code "1h 2m 3s "}, {@code 5025} is
     * {@code "5s 25ms"}, 0 is {@code "0d 0h 0m "}.
     */
    static String uptime(long millis) {
        long[] parts = {millis / 86_400_000, millis / 3_600_000 % 24, millis / 60_000 % 60, millis / 1000 % 60,
                millis % 1000};
        int first = 0;
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] != 0) {
                first = i;
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = first; i < parts.length && i < first + 3; i++) {
            out.append(parts[i]).append(UNITS[i]);
        }
        return out.toString();
    }

    /** {@code yyyy-MM-dd HH:mm:ss} in {@code zone}, as MyCat prints a heartbeat's last active time. */
    static String dateTime(long epochMillis, ZoneId zone) {
        return DATE_TIME.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
    }
}
