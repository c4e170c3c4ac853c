package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class FormatsTest {

    @Test
    void uptimeIsMyCatsThreeLargestUnits() {
        assertThat(Formats.uptime(3_723_000)).isEqualTo("1h 2m 3s ");
        assertThat(Formats.uptime(5_025)).isEqualTo("5s 25ms");
        assertThat(Formats.uptime(7)).isEqualTo("7ms");
        assertThat(Formats.uptime(90_061_001)).isEqualTo("1d 1h 1m ");
        assertThat(Formats.uptime(0)).isEqualTo("0d 0h 0m ");
    }

    @Test
    void dateTimeIsInTheGivenZone() {
        assertThat(Formats.dateTime(0, ZoneOffset.UTC)).isEqualTo("1970-01-01 00:00:00");
        assertThat(Formats.dateTime(0, ZoneId.of("Asia/Shanghai"))).isEqualTo("1970-01-01 08:00:00");
    }
}
