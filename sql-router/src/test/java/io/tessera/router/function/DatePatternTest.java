package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatePatternTest {

    private static final DatePattern SHANGHAI_DAYS =
            new DatePattern("yyyy-MM-dd", TimeZone.getTimeZone("Asia/Shanghai"), Locale.ROOT);

    private static long instant(String isoOffsetDateTime) {
        return OffsetDateTime.parse(isoOffsetDateTime).toInstant().toEpochMilli();
    }

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource({
        "2014-01-01, 2014-01-01T00:00+08:00",
        "2014-01-01 23:59:59, 2014-01-01T00:00+08:00",   // text after the pattern is ignored
        "2014-01-01abc, 2014-01-01T00:00+08:00",
        "2014-1-1, 2014-01-01T00:00+08:00",              // field widths are not checked
        "' 2014-01-01', 2014-01-01T00:00+08:00",         // nor leading spaces
        "2014-02-30, 2014-03-02T00:00+08:00",            // lenient: fields roll over
        "2014-13-01, 2015-01-01T00:00+08:00",
        "2016-02-29, 2016-02-29T00:00+08:00",
        "1969-12-31, 1969-12-31T00:00+08:00",
    })
    void parsesLikeMycatsSimpleDateFormat(String text, String expected) {
        assertThat(SHANGHAI_DAYS.parseValue(SqlValue.of(text), "PartitionByDate")).isEqualTo(instant(expected));
        assertThat(SHANGHAI_DAYS.parseBound(SqlValue.of(text))).hasValue(instant(expected));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource({"''", "abc", "2014/01/01", "x2014-01-01", "NULL"})
    void rejectsTextThatDoesNotStartWithADate(String text) {
        assertThat(SHANGHAI_DAYS.parseBound(SqlValue.of(text))).isEmpty();
        assertThatThrownBy(() -> SHANGHAI_DAYS.parseValue(SqlValue.of(text), "PartitionByDate"))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByDate cannot place '" + text + "': not a date in the format yyyy-MM-dd");
        assertThatThrownBy(() -> SHANGHAI_DAYS.parseSetting("sBeginDate", text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sBeginDate: \"" + text + "\" (expected: a date in the format yyyy-MM-dd)");
    }

    @Test
    void rejectsAPatternThatReadsNothingAsMycatsParseDoes() {
        DatePattern empty = new DatePattern("", TimeZone.getTimeZone("UTC"), Locale.ROOT);
        assertThat(empty.parseBound(SqlValue.of("2014-01-01"))).isEmpty();
    }

    @Test
    void givesCalendarFieldsInItsZone() {
        long instant = instant("2014-01-31T20:00Z");
        assertThat(SHANGHAI_DAYS.calendar(instant).get(Calendar.DAY_OF_MONTH)).isEqualTo(1);
        DatePattern utc = new DatePattern("yyyy-MM-dd", TimeZone.getTimeZone("UTC"), Locale.ROOT);
        assertThat(utc.calendar(instant).get(Calendar.DAY_OF_MONTH)).isEqualTo(31);
    }

    @Test
    void keepsItsOwnCopyOfTheZone() {
        TimeZone zone = TimeZone.getTimeZone("Asia/Shanghai");
        DatePattern pattern = new DatePattern("yyyy-MM-dd", zone, Locale.ROOT);
        zone.setRawOffset(0);
        assertThat(pattern.parseBound(SqlValue.of("2014-01-01"))).hasValue(instant("2014-01-01T00:00+08:00"));
    }

    @Test
    void rejectsAnInvalidPattern() {
        assertThatThrownBy(() -> new DatePattern("yyyy-MM-dd qq", TimeZone.getDefault(), Locale.ROOT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dateFormat: \"yyyy-MM-dd qq\" (expected: a java.text.SimpleDateFormat pattern)");
    }
}
