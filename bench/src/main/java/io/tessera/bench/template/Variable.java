package io.tessera.bench.template;

import java.util.Arrays;
import java.util.List;

/**
 * One {@code ${name(args)}} of a template while it is compiled: picks the kind by name, and words every syntax error
 * the same way, quoting the variable and the offset of its {@code $} in the template (counted from 0).
 */
final class Variable {

    private static final int MAX_QUOTE = 40;    // of an unclosed variable, which runs to the end of the template

    private final String text;
    private final int offset;

    /** {@code text} runs from {@code ${} to the first {@code }} after it, both included. */
    Variable(String text, int offset) {
        this.text = text;
        this.offset = offset;
    }

    /** The error for a {@code ${} with no {@code }} after it; {@code rest} is the template from the {@code $} on. */
    static IllegalArgumentException unclosed(String rest, int offset) {
        String quote = rest.length() > MAX_QUOTE ? rest.substring(0, MAX_QUOTE) + "..." : rest;
        return new Variable(quote, offset).error("missing '}'");
    }

    Part compile() {
        int open = text.indexOf('(');
        if (open < 0) {
            throw error("missing '(' (expected: ${name(args)})");
        }
        // The args end just before "}", not at the first ")": an enum word or a date literal may hold one.
        if (text.charAt(text.length() - 2) != ')') {
            throw error("missing ')' before '}'");
        }
        String name = text.substring(2, open);
        String args = text.substring(open + 1, text.length() - 2);
        return switch (name) {
            // MyCat's rule: a dash means a range, anything else a list.
            case "int" -> args.indexOf('-') >= 0 ? RandomInt.range(args, this) : RandomChoice.numbers(args, this);
            case "phone" -> RandomInt.phone(args, this);
            case "enum" -> RandomChoice.words(args, this);
            case "char" -> RandomChars.parse(args, this);
            case "date" -> RandomDate.parse(args, this);
            default -> throw error("unknown variable '" + name + "' (expected: int, date, char, enum or phone)");
        };
    }

    IllegalArgumentException error(String problem) {
        return new IllegalArgumentException(text + " at offset " + offset + ": " + problem);
    }

    /** A whole number written in ASCII digits only: no sign, no spaces. */
    long number(String digits, String what) {
        if (!digits.isEmpty() && digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException tooLarge) {
                // reported below, like any other bad number
            }
        }
        throw error(what + ": '" + digits + "' (expected: a whole number from 0 to " + Long.MAX_VALUE + ")");
    }

    /** {@code min<separator>max}, both numbers, {@code min <= max}. */
    long[] range(String args, char separator, String what) {
        String[] bounds = split(args, separator, what);
        long min = number(bounds[0], what);
        long max = number(bounds[1], what);
        checkOrder(min, max, args, what);
        return new long[] {min, max};
    }

    /** Exactly two parts around one {@code separator}. */
    String[] split(String args, char separator, String what) {
        int at = args.indexOf(separator);
        if (at < 0 || args.indexOf(separator, at + 1) >= 0) {
            throw error(what + ": '" + args + "' (expected: min" + separator + "max)");
        }
        return new String[] {args.substring(0, at), args.substring(at + 1)};
    }

    void checkOrder(long min, long max, String args, String what) {
        if (min > max) {
            throw error(what + ": " + args + " (expected: min <= max)");
        }
    }

    /** A comma-separated list with no empty item. */
    List<String> list(String args, String what) {
        List<String> items = Arrays.asList(args.split(",", -1));
        if (items.contains("")) {
            throw error(what + ": '" + args + "' (expected: a comma-separated list without empty items)");
        }
        return items;
    }
}
