package io.tessera.bench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ticks of a value axis that starts at 0: 4 to 6 of them, a step of 1, 2 or 5 x 10^n apart, the last at or
 * above the largest value, so that every grid line falls on a number a reader can add up.
 */
final class AxisTicks {

    private static final int[] MANTISSAS = {1, 2, 5};
    private static final int MAX_INTERVALS = 5;

    private final int mantissa;
    private final int exponent;
    private final int intervals;

    private AxisTicks(int mantissa, int exponent, int intervals) {
        this.mantissa = mantissa;
        this.exponent = exponent;
        this.intervals = intervals;
    }

    /** Ticks for values from 0 to {@code max}; nothing to show (0, negative, NaN) still gets a 0..1 axis. */
    static AxisTicks upTo(double max) {
        double top = max > 0 && Double.isFinite(max) ? max : 1;
        // Start one decade below top, where at least 10 intervals are needed, and take the first step that needs
        // at most 5. The step before it needed more than 5 and was at most 2.5 times smaller, so this one needs
        // at least 3: 4 to 6 ticks.
        for (int exponent = (int) Math.floor(Math.log10(top)) - 1; ; exponent++) {
            for (int mantissa : MANTISSAS) {
                double step = BigDecimal.valueOf(mantissa).scaleByPowerOfTen(exponent).doubleValue();
                int intervals = (int) Math.ceil(top / step - 1e-9);   // 0.3 / 0.1 is 2.9999999999999996
                if (intervals <= MAX_INTERVALS) {
                    return new AxisTicks(mantissa, exponent, intervals);
                }
            }
        }
    }

    /** The largest tick: where the axis ends. */
    double top() {
        return exact(intervals).doubleValue();
    }

    List<Double> values() {
        List<Double> values = new ArrayList<>(intervals + 1);
        for (int i = 0; i <= intervals; i++) {
            values.add(exact(i).doubleValue());
        }
        return values;
    }

    /** The labels of {@link #values()}, with as many decimals as the step has: "0.2", "40,000". */
    List<String> labels() {
        String format = "%,." + Math.max(0, -exponent) + "f";
        List<String> labels = new ArrayList<>(intervals + 1);
        for (int i = 0; i <= intervals; i++) {
            labels.add(String.format(Locale.ROOT, format, exact(i)));
        }
        return labels;
    }

    private BigDecimal exact(int tick) {
        return BigDecimal.valueOf((long) tick * mantissa).scaleByPowerOfTen(exponent);
    }
}
