package io.tessera.bench.report;

import java.util.Locale;

/** How text and numbers appear on the report page. */
final class Html {

    /** Shown for a figure that was not measured. */
    static final String UNKNOWN = "\u2014";

    private Html() {
    }

    /** Escapes text for an element's content or a quoted attribute value. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * At least three significant digits and at most three decimals, with thousands grouped: "37,512", "41.3",
     * "0.213". Benchmark figures are not more precise than that, and a fixed width of noise hides the magnitude.
     */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return UNKNOWN;
        }
        if (value == 0) {
            return "0";
        }
        int decimals = Math.max(0, Math.min(3, 2 - (int) Math.floor(Math.log10(Math.abs(value)))));
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
