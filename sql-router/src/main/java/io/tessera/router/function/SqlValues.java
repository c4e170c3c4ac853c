package io.tessera.router.function;

/** What MyCat's functions do with a value's text that more than one function here needs, and their error messages. */
final class SqlValues {

    private static final int MAX_QUOTED = 64;

    private SqlValues() {
    }

    /**
     * The value as MyCat's {@code Long.parseLong(text)} reads it: an optional sign, then decimal digits.
     *
     * @throws UnplaceableValueException for any other text, NULL included (MyCat reads it as the text NULL), as MyCat
     *                                    fails on them
     */
    static long longValue(SqlValue value, String function) {
        if (value instanceof SqlValue.Int i) {
            return i.value();
        }
        try {
            return Long.parseLong(MycatValues.text(value));
        } catch (NumberFormatException e) {
            throw unplaceable(function, value, "not an integer in the range of a Java long");
        }
    }

    /** True when {@link #longValue} reads the value; range bounds that are not are treated as unbounded. */
    static boolean isLong(SqlValue value) {
        if (value instanceof SqlValue.Int) {
            return true;
        }
        if (value instanceof SqlValue.Text t) {
            try {
                Long.parseLong(t.value());
                return true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }

    static UnplaceableValueException unplaceable(String function, SqlValue value, String reason) {
        return new UnplaceableValueException(function + " cannot place " + describe(value) + ": " + reason);
    }

    /** {@code NULL}, {@code 42} or {@code 'text'} (cut after 64 characters). */
    static String describe(SqlValue value) {
        if (value instanceof SqlValue.Int i) {
            return Long.toString(i.value());
        }
        if (value instanceof SqlValue.Text t) {
            String text = t.value();
            return text.length() <= MAX_QUOTED ? "'" + text + "'" : "'" + text.substring(0, MAX_QUOTED) + "...'";
        }
        return "NULL";
    }
}
