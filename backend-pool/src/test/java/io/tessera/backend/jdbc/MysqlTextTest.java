package io.tessera.backend.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** The expected texts are what MariaDB 10.11 printed for the same values ({@code mysql -e "select ..."}). */
class MysqlTextTest {

    @Test
    void printsDoublesAsMysqlDoes() {
        assertThat(MysqlText.ofDouble(1.0)).isEqualTo("1");
        assertThat(MysqlText.ofDouble(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(MysqlText.ofDouble(1e14)).isEqualTo("100000000000000");
        assertThat(MysqlText.ofDouble(999999999999999.0)).isEqualTo("999999999999999");
        assertThat(MysqlText.ofDouble(1e15)).isEqualTo("1e15");
        assertThat(MysqlText.ofDouble(1234567890123456.0)).isEqualTo("1.234567890123456e15");
        assertThat(MysqlText.ofDouble(123456789012345678.0)).isEqualTo("1.2345678901234568e17");
        assertThat(MysqlText.ofDouble(1e300)).isEqualTo("1e300");
        assertThat(MysqlText.ofDouble(0.00001)).isEqualTo("0.00001");
        assertThat(MysqlText.ofDouble(1.5e-7)).isEqualTo("0.00000015");
        assertThat(MysqlText.ofDouble(1.5e-15)).isEqualTo("0.0000000000000015");
        assertThat(MysqlText.ofDouble(1e-16)).isEqualTo("1e-16");
        assertThat(MysqlText.ofDouble(1.2345e-20)).isEqualTo("1.2345e-20");
        assertThat(MysqlText.ofDouble(-2.5e-5)).isEqualTo("-0.000025");
        assertThat(MysqlText.ofDouble(-0.0)).isEqualTo("0");
    }

    @Test
    void printsFloatsWithSixSignificantDigits() {
        assertThat(MysqlText.ofFloat(1.1f)).isEqualTo("1.1");
        assertThat(MysqlText.ofFloat(1.5f)).isEqualTo("1.5");
        assertThat(MysqlText.ofFloat(123456789f)).isEqualTo("123457000");
        assertThat(MysqlText.ofFloat(123456.7f)).isEqualTo("123457");
        assertThat(MysqlText.ofFloat(0.000001234f)).isEqualTo("0.000001234");
        assertThat(MysqlText.ofFloat(1e20f)).isEqualTo("1e20");
        assertThat(MysqlText.ofFloat(3.4e38f)).isEqualTo("3.4e38");
        assertThat(MysqlText.ofFloat(1.5e-20f)).isEqualTo("1.5e-20");
        assertThat(MysqlText.ofFloat(1e-7f)).isEqualTo("0.0000001");
    }

    @Test
    void refusesWhatMysqlHasNoValueFor() {
        assertThatThrownBy(() -> MysqlText.ofDouble(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MysqlText.ofFloat(Float.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MysqlText.ofDate(LocalDate.of(10_000, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0000..9999");
    }

    @Test
    void printsDecimalsWithTheColumnsScale() {
        assertThat(MysqlText.ofDecimal(new BigDecimal("5"), 3)).isEqualTo("5.000");
        assertThat(MysqlText.ofDecimal(new BigDecimal("-1.5"), 2)).isEqualTo("-1.50");
        assertThat(MysqlText.ofDecimal(new BigDecimal("1E+3"), 0)).isEqualTo("1000");
        assertThat(MysqlText.ofDecimal(new BigDecimal("1.23456"), -1)).isEqualTo("1.23456");
    }

    @Test
    void printsDatesAndTimesWithTheColumnsFraction() {
        assertThat(MysqlText.ofDate(LocalDate.of(24, 1, 2))).isEqualTo("0024-01-02");
        assertThat(MysqlText.ofTime(LocalTime.of(3, 4, 5, 120_000_000), 0)).isEqualTo("03:04:05");
        assertThat(MysqlText.ofTime(LocalTime.of(3, 4, 5, 120_000_000), 3)).isEqualTo("03:04:05.120");
        assertThat(MysqlText.ofDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5), 6))
                .isEqualTo("2024-01-02 03:04:05.000000");
        assertThat(MysqlText.ofDateTime(LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_000), 6))
                .isEqualTo("2024-12-31 23:59:59.999999");
    }
}
