package io.tessera.bench.template;

import java.util.random.RandomGenerator;

/**
 * {@code ${char([a-f,0-9]8:8)}}: a string of {@code minLength..maxLength} characters. Each character first picks one
 * of the listed ranges, each equally likely, then a character in it, as MyCat does; so in {@code [a,0-9]} about half
 * the characters are {@code a}. Range {@code i} is {@code lows.charAt(i)..highs.charAt(i)}.
 */
record RandomChars(String lows, String highs, int minLength, int maxLength) implements Part {

    // MyCat's length when the template gives none.
    private static final int DEFAULT_MIN_LENGTH = 1;
    private static final int DEFAULT_MAX_LENGTH = 256;

    /** {@code [ranges]} then, optionally, {@code min:max}; a range is one character or {@code a-z}. */
    static RandomChars parse(String args, Variable variable) {
        int close = args.indexOf(']');
        if (!args.startsWith("[") || close < 0) {
            throw variable.error("characters: '" + args + "' (expected: [a-z,0-9,_] then optional min:max)");
        }
        StringBuilder lows = new StringBuilder();
        StringBuilder highs = new StringBuilder();
        for (String item : variable.list(args.substring(1, close), "characters")) {
            boolean single = item.length() == 1;
            boolean range = item.length() == 3 && item.charAt(1) == '-' && item.charAt(0) <= item.charAt(2);
            if (!single && !range) {
                throw variable.error("character range: '" + item + "' (expected: one character, or a-z with a <= z)");
            }
            lows.append(item.charAt(0));
            highs.append(item.charAt(item.length() - 1));
        }
        String lengths = args.substring(close + 1);
        if (lengths.isEmpty()) {
            return new RandomChars(lows.toString(), highs.toString(), DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH);
        }
        long[] length = variable.range(lengths, ':', "length");
        if (length[1] > Integer.MAX_VALUE) {
            throw variable.error("length: " + lengths + " (expected: max <= " + Integer.MAX_VALUE + ")");
        }
        return new RandomChars(lows.toString(), highs.toString(), (int) length[0], (int) length[1]);
    }

    @Override
    public void appendTo(StringBuilder out, RandomGenerator random) {
        int length = (int) random.nextLong(minLength, maxLength + 1L);  // long: maxLength may be Integer.MAX_VALUE
        for (int i = 0; i < length; i++) {
            int range = random.nextInt(lows.length());
            out.append((char) random.nextInt(lows.charAt(range), highs.charAt(range) + 1));
        }
    }
}
