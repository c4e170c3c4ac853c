package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TemporalTextTest {

    private static long value(String text) {
        ByteBuf buf = Unpooled.copiedBuffer("xx" + text, StandardCharsets.US_ASCII);
        return TemporalText.datetime(buf, 2, text.length());
    }

    private static long literal(String text) {
        return TemporalText.datetimeLiteral(text, false, false);
    }

    @Test
    void valuesOfEveryWidthReadAsTheLiteralsThatSpellThem() {
        assertThat(value("2024-01-01")).isEqualTo(literal("2024-01-01")).isEqualTo(literal("2024-1-1 0:0:0"));
        assertThat(value("2024-01-01 10:00:00")).isEqualTo(literal("2024-01-01T10:00"));
        assertThat(value("2024-01-01 10:00:00.5")).isEqualTo(literal("2024-01-01 10:00:00.500000"));
        assertThat(value("0000-00-00 00:00:00")).isLessThan(value("1000-01-01"));
    }

    @Test
    void theNumberOrdersAsTime() {
        assertThat(value("2024-01-31 23:59:59.999999")).isLessThan(value("2024-02-01"));
        assertThat(value("2023-12-31 23:59:59.999")).isLessThan(value("2024-01-01"));
        assertThat(value("2024-01-01 00:00:00.000001")).isGreaterThan(value("2024-01-01"));
        assertThat(value("9999-12-31 23:59:59.999999")).isGreaterThan(value("9999-12-31"));
    }

    @Test
    void onlyPlainWellFormedLiteralsAreRead() {
        assertThat(literal("2024-02-29")).isNotEqualTo(TemporalText.UNREADABLE);
        for (String text : new String[] {"2023-02-29", "2024-13-01", "2024-00-10", "0000-01-01", "2024-01-01 24:00",
            "2024-01-01 10:60", "24-01-01", "20240101", "2024/01/01", " 2024-01-01", "2024-01-01 ",
            "2024-01-01 10:00:00.1234567", "2024-01-01 10"}) {
            assertThat(literal(text)).as(text).isEqualTo(TemporalText.UNREADABLE);
        }
        assertThat(TemporalText.datetimeLiteral("2024-01-01 10:00", true, false)).isEqualTo(TemporalText.UNREADABLE);
        assertThat(TemporalText.datetimeLiteral("2024-01-01", false, true)).isEqualTo(TemporalText.UNREADABLE);
    }

    @Test
    void timeLiteralsAreSignedMicrosecondsUpTo838Hours() {
        assertThat(TemporalText.timeLiteral("10:00")).isEqualTo(36_000_000_000L);
        assertThat(TemporalText.timeLiteral("-1:30:00.5")).isEqualTo(-5_400_500_000L);
        assertThat(TemporalText.timeLiteral("838:59:59")).isEqualTo(3_020_399_000_000L);
        for (String text : new String[] {"838:59:59.1", "839:00", "10", "10:60", "1 10:00:00", "2024-01-01 10:00"}) {
            assertThat(TemporalText.timeLiteral(text)).as(text).isEqualTo(TemporalText.UNREADABLE);
        }
    }
}
