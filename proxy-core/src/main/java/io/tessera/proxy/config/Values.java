package io.tessera.proxy.config;

import java.util.Locale;
import java.util.Map;

/**
 * Parses attribute and property values for the mappers and reports each bad one as a problem, in the form
 * {@code maxCon "abc": expected an integer >= 1}. Each method returns null for a value that is missing or bad,
 * so that callers apply the default or skip checks that depend on it; checking goes on, so that one load
 * reports every problem, and fails at the end.
 */
final class Values {

    private final Problems problems;

    Values(Problems problems) {
        this.problems = problems;
    }

    Problems problems() {
        return problems;
    }

    /** The trimmed value of a required attribute; null (reported) when it is missing or blank. */
    String required(Where where, String attribute, String value) {
        if (value == null) {
            problems.add(where, "missing required attribute " + attribute);
            return null;
        }
        String trimmed = value.trim();
        if (trimmed.isEmpty()) {
            problems.add(where, attribute + " \"" + value + "\": must not be empty");
            return null;
        }
        return trimmed;
    }

    /** The trimmed value, or null when the attribute is missing or blank. */
    static String optional(String value) {
        if (value == null) {
            return null;
        }
        String trimmed = value.trim();
        return trimmed.isEmpty() ? null : trimmed;
    }

    Integer requiredInteger(Where where, String attribute, String value, int min, int max) {
        if (value == null) {
            problems.add(where, "missing required attribute " + attribute);
            return null;
        }
        return integer(where, attribute, value, min, max);
    }

    Integer integer(Where where, String attribute, String value, int min, int max) {
        Long parsed = longValue(where, attribute, value, min, max);
        return parsed == null ? null : parsed.intValue();
    }

    Long longValue(Where where, String attribute, String value, long min, long max) {
        if (value == null) {
            return null;
        }
        long parsed;
        try {
            parsed = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            problems.add(where, attribute + " \"" + value + "\": expected an integer" + range(min, max, " "));
            return null;
        }
        if (parsed < min || parsed > max) {
            problems.add(where, attribute + " \"" + value + "\": expected" + range(min, max, " "));
            return null;
        }
        return parsed;
    }

    /** {@code true} or {@code false} in any case, the values MyCat's {@code Boolean.parseBoolean} tells apart. */
    Boolean bool(Where where, String attribute, String value) {
        if (value == null) {
            return null;
        }
        String lower = value.trim().toLowerCase(Locale.ROOT);
        if (lower.equals("true")) {
            return Boolean.TRUE;
        }
        if (lower.equals("false")) {
            return Boolean.FALSE;
        }
        problems.add(where, attribute + " \"" + value + "\": expected true or false");
        return null;
    }

    /** A MyCat switch written as {@code 0} or {@code 1}. */
    Boolean flag(Where where, String attribute, String value) {
        if (value == null) {
            return null;
        }
        switch (value.trim()) {
            case "1":
                return Boolean.TRUE;
            case "0":
                return Boolean.FALSE;
            default:
                problems.add(where, attribute + " \"" + value + "\": expected 0 or 1");
                return null;
        }
    }

    private static String range(long min, long max, String prefix) {
        boolean noMin = min == Integer.MIN_VALUE || min == Long.MIN_VALUE;
        boolean noMax = max == Integer.MAX_VALUE || max == Long.MAX_VALUE;
        if (noMin && noMax) {
            return "";
        }
        if (noMax) {
            return prefix + ">= " + min;
        }
        if (noMin) {
            return prefix + "<= " + max;
        }
        return prefix + min + ".." + max;
    }

    /** Records the line where {@code name} is defined; a second definition is a problem. */
    void unique(Map<String, Integer> lines, String name, XmlElement xml, Where where, String tag) {
        Integer first = lines.putIfAbsent(name, xml.line());
        if (first != null) {
            problems.add(where, "name \"" + name + "\": another <" + tag + "> has that name, at line " + first);
        }
    }
}
