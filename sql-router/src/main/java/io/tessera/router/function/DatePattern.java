package io.tessera.router.function;

import java.text.ParsePosition;
import java.text.SimpleDateFormat;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.Date;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.TimeZone;

/**
 * A rule.xml {@code dateFormat} read the way MyCat 1.6's date functions read it: {@link SimpleDateFormat} parsing and
 * {@link Calendar} fields, in one time zone and one locale.
 *
 * <p>Using the same JDK classes keeps every parsing rule MyCat's rows were placed by: parsing is lenient
 * ({@code 2014-13-01} is January 2015), text after the pattern is ignored ({@code 2014-01-01 12:30} matches
 * {@code yyyy-MM-dd} as midnight), and the calendar is the locale's (Gregorian for nearly all locales). MyCat takes
 * the zone and locale from the JVM defaults, and so does {@link #fromProperties} unless rule.xml names a zone with
 * Tessera's {@code timeZone} property (an IANA ID such as {@code Asia/Shanghai}): set it when Tessera runs with another
 * default zone than the MyCat whose rows it serves, since a date's instant, and so its partition, depends on the
 * zone. Two-digit years ({@code yy}) resolve against the 80 years before this pattern was built, as they do against
 * the time MyCat's formatter was built.
 *
 * <p>Immutable and thread-safe: each call works on its own copy of the format and calendar.
 */
final class DatePattern {

    /** Tessera's optional property naming the zone dates are read in; MyCat has no such property. */
    private static final String TIME_ZONE = "timeZone";

    private final String pattern;
    private final TimeZone zone;
    private final Locale locale;
    private final SimpleDateFormat prototype;

    DatePattern(String pattern, TimeZone zone, Locale locale) {
        this.pattern = pattern;
        this.zone = (TimeZone) zone.clone();
        this.locale = locale;
        try {
            this.prototype = new SimpleDateFormat(pattern, locale);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "dateFormat: \"" + pattern + "\" (expected: a java.text.SimpleDateFormat pattern)");
        }
        prototype.setTimeZone(this.zone);
    }

    /**
     * The {@code dateFormat} property (or {@code defaultPattern} when it is absent and MyCat has a default), read in
     * the zone of the {@code timeZone} property or else the JVM's default zone, and the JVM's default format locale.
     *
     * @param defaultPattern MyCat's default pattern, or {@code null} when the property is required
     */
    static DatePattern fromProperties(FunctionProperties props, String defaultPattern) {
        String pattern = defaultPattern == null
                ? props.required("dateFormat")
                : props.optional("dateFormat").orElse(defaultPattern);
        TimeZone zone = props.optional(TIME_ZONE).map(id -> zone(props, id)).orElseGet(TimeZone::getDefault);
        return new DatePattern(pattern, zone, Locale.getDefault(Locale.Category.FORMAT));
    }

    private static TimeZone zone(FunctionProperties props, String id) {
        try {
            return TimeZone.getTimeZone(ZoneId.of(id));
        } catch (DateTimeException e) {
            throw props.error(TIME_ZONE, "\"" + id + "\" (expected: a time zone ID such as Asia/Shanghai)");
        }
    }

    /**
     * The instant of a sharding value's text ({@link MycatValues#text}), as {@code SimpleDateFormat.parse(String)}
     * gives it.
     *
     * @throws UnplaceableValueException when the text does not start with a date in this pattern, where MyCat's
     *     {@code calculate} fails with "Please check if the format satisfied"
     */
    long parseValue(SqlValue value, String function) {
        Date date = parse(MycatValues.text(value));
        if (date == null) {
            throw SqlValues.unplaceable(function, value, "not a date in the format " + pattern);
        }
        return date.getTime();
    }

    /** The instant of a range bound, or nothing when it is no date in this pattern. */
    OptionalLong parseBound(SqlValue value) {
        Date date = parse(MycatValues.text(value));
        return date == null ? OptionalLong.empty() : OptionalLong.of(date.getTime());
    }

    /** The instant of a date property such as {@code sBeginDate}, which MyCat parses with the same pattern. */
    long parseSetting(String property, String text) {
        Date date = parse(text);
        if (date == null) {
            throw new IllegalArgumentException(
                    property + ": \"" + text + "\" (expected: a date in the format " + pattern + ")");
        }
        return date.getTime();
    }

    /** A calendar set to the instant, as MyCat's {@code Calendar.getInstance()} followed by {@code setTime}. */
    Calendar calendar(long millis) {
        Calendar calendar = Calendar.getInstance(zone, locale);
        calendar.setTimeInMillis(millis);
        return calendar;
    }

    private Date parse(String text) {
        SimpleDateFormat format = (SimpleDateFormat) prototype.clone();
        ParsePosition position = new ParsePosition(0);
        Date date = format.parse(text, position);
        // DateFormat.parse(String) fails when nothing was consumed, even if a pattern that reads nothing "matched".
        return position.getIndex() == 0 ? null : date;
    }

    @Override
    public String toString() {
        return pattern + " in " + zone.getID();
    }
}
