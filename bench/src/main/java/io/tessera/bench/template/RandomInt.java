package io.tessera.bench.template;

import java.util.random.RandomGenerator;

/**
 * A uniform integer in [{@code min}, {@code max}]: {@code ${int(10-999)}}, and {@code ${phone(139-189)}}, whose
 * bounds are prefixes of 11-digit numbers.
 */
record RandomInt(long min, long max) implements Part {

    private static final int PHONE_DIGITS = 11;

    /** {@code ${int(min-max)}}. */
    static RandomInt range(String args, Variable variable) {
        long[] range = variable.range(args, '-', "range");
        return new RandomInt(range[0], range[1]);
    }

    /** {@code ${phone(139-189)}}: as in MyCat, each bound is padded with zeros, so 13900000000..18900000000. */
    static RandomInt phone(String args, Variable variable) {
        String[] bounds = variable.split(args, '-', "phone range");
        long min = phoneBound(bounds[0], variable);
        long max = phoneBound(bounds[1], variable);
        variable.checkOrder(min, max, args, "phone range");
        return new RandomInt(min, max);
    }

    private static long phoneBound(String prefix, Variable variable) {
        // A leading zero would render fewer than 11 digits.
        if (prefix.length() > PHONE_DIGITS || prefix.startsWith("0")) {
            throw variable.error("phone prefix: '" + prefix + "' (expected: 1 to " + PHONE_DIGITS
                    + " digits, not starting with 0)");
        }
        long bound = variable.number(prefix, "phone prefix");
        for (int digits = prefix.length(); digits < PHONE_DIGITS; digits++) {
            bound *= 10;
        }
        return bound;
    }

    @Override
    public void appendTo(StringBuilder out, RandomGenerator random) {
        // Bounds are never negative, so min - 1 cannot overflow, and max = Long.MAX_VALUE needs no max + 1.
        out.append(random.nextLong(min - 1, max) + 1);
    }
}
