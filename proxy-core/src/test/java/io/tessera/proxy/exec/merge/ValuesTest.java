package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValuesTest {

    private static int compare(ValueType type, String a, String b) {
        ByteBuf x = Unpooled.copiedBuffer(a, StandardCharsets.US_ASCII);
        ByteBuf y = Unpooled.copiedBuffer(b, StandardCharsets.US_ASCII);
        return Integer.signum(Values.compare(type, x, 0, a.length(), y, 0, b.length()));
    }

    @Test
    void decimalsCompareAsNumbersWithoutParsing() {
        List<String> samples = List.of("0.00", "-0.00", "1.5", "1.50", "-1.5", "10.01", "9.999", "-10.000",
                "0.001", "-0.001", "123456789012345678901234567890.5", "-99", "100", "007.5");
        for (String a : samples) {
            for (String b : samples) {
                assertThat(compare(ValueType.DECIMAL, a, b)).as(a + " vs " + b)
                        .isEqualTo(Integer.signum(new BigDecimal(a).compareTo(new BigDecimal(b))));
            }
        }
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            String a = BigDecimal.valueOf(random.nextLong() % 100_000, random.nextInt(4)).toPlainString();
            String b = BigDecimal.valueOf(random.nextLong() % 100_000, random.nextInt(4)).toPlainString();
            assertThat(compare(ValueType.DECIMAL, a, b)).as(a + " vs " + b)
                    .isEqualTo(Integer.signum(new BigDecimal(a).compareTo(new BigDecimal(b))));
        }
    }

    @Test
    void integersTimesAndUnsignedValuesCompareByValue() {
        assertThat(compare(ValueType.INTEGER, "-9223372036854775808", "9223372036854775807")).isNegative();
        assertThat(compare(ValueType.INTEGER, "-10", "-9")).isNegative();
        assertThat(compare(ValueType.UNSIGNED, "18446744073709551615", "9223372036854775808")).isPositive();
        assertThat(compare(ValueType.TIME, "-01:00:00", "00:59:59.999999")).isNegative();
        assertThat(compare(ValueType.TIME, "100:00:00", "99:59:59")).isPositive();
        assertThat(compare(ValueType.TIME, "-838:59:59", "-1:00:00")).isNegative();
        assertThat(compare(ValueType.APPROXIMATE, "1e20", "99999999999")).isPositive();
        assertThat(compare(ValueType.TEMPORAL, "2024-01-02 00:00:00", "2023-12-31 23:59:59")).isPositive();
    }
}
