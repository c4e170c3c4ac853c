package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import java.time.YearMonth;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DATE, DATETIME and TIMESTAMP values, and the string literals MySQL compares with them, as one number that orders as
 * MySQL orders them: {@code ((((year * 13 + month) * 32 + day) * 24 + hour) * 60 + minute) * 60 + second}, then
 * microseconds (MySQL's own packed form). A DATE is its midnight: MySQL compares a DATE with a DATETIME string as
 * DATETIME ({@code d = '2024-01-01 10:00:00'} is false). TIME literals become signed microseconds, as {@link
 * Values#timeMicros} reads TIME values.
 *
 * <p>MySQL reads many more spellings of a date than these (two-digit years, any punctuation, no delimiters, leading
 * spaces), and reads a malformed one as zero or NULL with a warning. Only the plain forms are read here; for any other
 * the caller refuses the comparison rather than guess: {@code YYYY-M-D}, optionally followed by a space or {@code T}
 * and {@code h:m}, {@code h:m:s} or {@code h:m:s.f} (up to 6 digits); TIME: {@code [-]h:m}, {@code [-]h:m:s[.f]},
 * hours up to 838. Each field must be in range, the day in its month.
 */
final class TemporalText {

    /** A literal that is none of the plain forms. */
    static final long UNREADABLE = Long.MIN_VALUE;

    private static final Pattern DATETIME = Pattern.compile(
            "(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,6}))?)?)?");
    private static final Pattern TIME = Pattern.compile("(-)?(\\d{1,3}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,6}))?)?");
    private static final long MAX_TIME_SECONDS = 838 * 3600 + 59 * 60 + 59;

    private TemporalText() {
    }

    /** A DATE ({@code YYYY-MM-DD}), DATETIME or TIMESTAMP ({@code YYYY-MM-DD hh:mm:ss[.f]}) value, as sent. */
    static long datetime(ByteBuf buf, int start, int length) {
        long year = digits(buf, start, 4);
        long month = digits(buf, start + 5, 2);
        long day = digits(buf, start + 8, 2);
        if (length < 19) {
            return packed(year, month, day, 0, 0, 0, 0);
        }
        long micros = 0;
        int digits = 0;
        for (int i = start + 20; i < start + length; i++, digits++) {
            micros = micros * 10 + (buf.getByte(i) - '0');
        }
        for (; digits < 6; digits++) {
            micros *= 10;
        }
        return packed(year, month, day, digits(buf, start + 11, 2), digits(buf, start + 14, 2),
                digits(buf, start + 17, 2), micros);
    }

    /**
     * A date or datetime literal: {@code dateOnly} accepts the date alone ({@code DATE '...'}), {@code withTime} only
     * a date with a time ({@code TIMESTAMP '...'}); neither: either (a plain string). {@link #UNREADABLE} otherwise.
     */
    static long datetimeLiteral(String text, boolean dateOnly, boolean withTime) {
        Matcher m = DATETIME.matcher(text);
        if (!m.matches() || dateOnly && m.group(4) != null || withTime && m.group(4) == null) {
            return UNREADABLE;
        }
        int year = Integer.parseInt(m.group(1));
        int month = Integer.parseInt(m.group(2));
        int day = Integer.parseInt(m.group(3));
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > YearMonth.of(year, month).lengthOfMonth()) {
            return UNREADABLE; // MySQL reads zero and impossible dates too, each its own way
        }
        long hour = number(m.group(4));
        long minute = number(m.group(5));
        long second = number(m.group(6));
        if (hour > 23 || minute > 59 || second > 59) {
            return UNREADABLE;
        }
        return packed(year, month, day, hour, minute, second, micros(m.group(7)));
    }

    /** A TIME literal as signed microseconds, or {@link #UNREADABLE}. */
    static long timeLiteral(String text) {
        Matcher m = TIME.matcher(text);
        if (!m.matches()) {
            return UNREADABLE;
        }
        long hours = Long.parseLong(m.group(2));
        long minutes = Long.parseLong(m.group(3));
        long seconds = number(m.group(4));
        long micros = micros(m.group(5));
        long total = (hours * 60 + minutes) * 60 + seconds;
        if (minutes > 59 || seconds > 59 || total > MAX_TIME_SECONDS || total == MAX_TIME_SECONDS && micros > 0) {
            return UNREADABLE; // MySQL clips a TIME beyond 838:59:59, with a warning
        }
        long value = total * 1_000_000 + micros;
        return m.group(1) != null ? -value : value;
    }

    private static long packed(long year, long month, long day, long hour, long minute, long second, long micros) {
        return (((((year * 13 + month) * 32 + day) * 24 + hour) * 60 + minute) * 60 + second) * 1_000_000 + micros;
    }

    private static long digits(ByteBuf buf, int start, int count) {
        long value = 0;
        for (int i = start; i < start + count; i++) {
            value = value * 10 + (buf.getByte(i) - '0');
        }
        return value;
    }

    private static long number(String digits) {
        return digits == null ? 0 : Long.parseLong(digits);
    }

    /** A fraction's digits as microseconds: {@code "5"} is 500000. */
    private static long micros(String fraction) {
        if (fraction == null) {
            return 0;
        }
        long micros = Long.parseLong(fraction);
        for (int digits = fraction.length(); digits < 6; digits++) {
            micros *= 10;
        }
        return micros;
    }
}
