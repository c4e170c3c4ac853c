package io.tessera.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AxisTicksTest {

    @Test
    void roundsUpToTheNextStepOfTenThousand() {
        AxisTicks ticks = AxisTicks.upTo(37_512);
        assertThat(ticks.values()).containsExactly(0.0, 10_000.0, 20_000.0, 30_000.0, 40_000.0);
        assertThat(ticks.labels()).containsExactly("0", "10,000", "20,000", "30,000", "40,000");
        assertThat(ticks.top()).isEqualTo(40_000.0);
    }

    @Test
    void keepsAMaximumOnATickAsTheTop() {
        assertThat(AxisTicks.upTo(40_000).values()).containsExactly(0.0, 10_000.0, 20_000.0, 30_000.0, 40_000.0);
        assertThat(AxisTicks.upTo(100).values()).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
    }

    @Test
    void givesFractionalStepsExactValuesAndTheirDecimals() {
        AxisTicks ticks = AxisTicks.upTo(0.35);
        assertThat(ticks.values()).containsExactly(0.0, 0.1, 0.2, 0.3, 0.4);
        assertThat(ticks.labels()).containsExactly("0.0", "0.1", "0.2", "0.3", "0.4");
    }

    @Test
    void drawsZeroToOneWhenThereIsNothingToShow() {
        for (double nothing : new double[] {0, -3, Double.NaN, Double.POSITIVE_INFINITY}) {
            AxisTicks ticks = AxisTicks.upTo(nothing);
            assertThat(ticks.values()).containsExactly(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);
            assertThat(ticks.labels()).containsExactly("0.0", "0.2", "0.4", "0.6", "0.8", "1.0");
        }
    }

    @Test
    void alwaysGivesFourToSixRoundTicksFromZeroCoveringTheMaximum() {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            double max = i < 1000 ? i + 1 : Math.pow(10, random.nextDouble() * 14 - 5);
            List<Double> values = AxisTicks.upTo(max).values();
            assertThat(values).as("max %s", max).hasSizeBetween(4, 6).startsWith(0.0);
            assertThat(values.get(values.size() - 1)).as("max %s", max).isGreaterThanOrEqualTo(max);
            BigDecimal step = new BigDecimal(Double.toString(values.get(1)));
            assertThat(step.unscaledValue().toString().replaceAll("0+$", "")).as("max %s", max).isIn("1", "2", "5");
        }
    }
}
