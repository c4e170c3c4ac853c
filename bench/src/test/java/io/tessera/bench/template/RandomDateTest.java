package io.tessera.bench.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

class RandomDateTest {

    private static final DateTimeFormatter WITH_MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    @Test
    void keepsEveryFieldInItsRange() {
        List<LocalDateTime> times = Renders.of("${date(yyyy-MM-dd HH:mm:ss.SSS-[2014-2015]y-[1-6]M-[1-31]d"
                + "-[7-21]H-[0-59]m-[5-33]s-[111-990]S)}", 5000).stream()
                .map(t -> LocalDateTime.parse(t, WITH_MILLIS)).toList();
        assertThat(times).allSatisfy(t -> {
            assertThat(t.getYear()).isBetween(2014, 2015);
            assertThat(t.getMonthValue()).isBetween(1, 6);
            assertThat(t.getHour()).isBetween(7, 21);
            assertThat(t.getSecond()).isBetween(5, 33);
            assertThat(t.getNano() / 1_000_000).isBetween(111, 990);
        });
        assertThat(times).extracting(LocalDateTime::getYear).contains(2014, 2015);
        assertThat(times).extracting(LocalDateTime::getMonthValue).contains(1, 6);
        assertThat(times).extracting(LocalDateTime::getHour).contains(7, 21);
        assertThat(times).extracting(LocalDateTime::getSecond).contains(5, 33);
    }

    @Test
    void usesMyCatsDefaultRanges() {
        List<LocalDateTime> times = Renders.of("${date(yyyy-MM-dd HH:mm:ss.SSS)}", 20_000).stream()
                .map(t -> LocalDateTime.parse(t, WITH_MILLIS)).toList();
        assertThat(times).allSatisfy(t -> assertThat(t.getYear()).isBetween(1970, 2999));
        assertThat(times).extracting(LocalDateTime::getMonthValue).contains(1, 12);
        assertThat(times).extracting(LocalDateTime::getDayOfMonth).contains(1, 31);
        assertThat(times).extracting(LocalDateTime::getHour).contains(0, 23);
        assertThat(times).extracting(LocalDateTime::getMinute).contains(0, 59);
        assertThat(times).extracting(LocalDateTime::getSecond).contains(0, 59);
        assertThat(times).extracting(t -> t.getNano() / 1_000_000).contains(0, 999);
    }

    @Test
    void clampsTheDayToTheMonthSoEveryDateIsReal() {
        List<String> dates = Renders.of("${date(yyyy-MM-dd-[2015-2016]y-[2-2]M-[28-31]d)}", 500);
        assertThat(dates).allSatisfy(LocalDate::parse)      // ISO_LOCAL_DATE is strict: 2015-02-29 would fail
                .containsOnly("2015-02-28", "2016-02-28", "2016-02-29");
    }

    @Test
    void takesTheFormatUpToTheFirstRangeNotTheFirstDash() {
        assertThat(Renders.of("${date(yyyy-MM-dd-[2014-2015]y)}", 500))
                .allSatisfy(date -> assertThat(date).matches("201[45]-\\d{2}-\\d{2}"));
        assertThat(Renders.of("${date(yyyy-MM-dd'T'HH-[2014-2014]y-[3-3]M-[9-9]d-[5-5]H)}", 1))
                .containsExactly("2014-03-09T05");
    }

    @Test
    void formatsCompactPatternsAndAYearAlone() {
        assertThat(Renders.of("${date(yyyyMMddHHmmssSSS-[2014-2015]y)}", 500))
                .allSatisfy(time -> assertThat(time).matches("201[45]\\d{13}"));
        assertThat(Renders.of("${date(yyyy)}", 500)).allSatisfy(year ->
                assertThat(Integer.parseInt(year)).isBetween(1970, 2999));
        assertThat(Renders.of("${date(yyyy-[2014-2014]y)}", 1)).containsExactly("2014");
    }

    @Test
    void namesMonthsTheSameOnEveryMachine() {
        assertThat(Renders.of("${date(MMM-[1-1]M)}", 1)).containsExactly("Jan");
    }
}
