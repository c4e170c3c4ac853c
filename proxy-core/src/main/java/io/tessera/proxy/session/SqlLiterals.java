package io.tessera.proxy.session;

/**
 * SQL literals and identifiers: quoting values and names for statements Tessera sends, and reading literals back as
 * values.
 */
public final class SqlLiterals {

    private SqlLiterals() {
    }

    /**
     * {@code 'it''s'} style quoting with backslashes escaped: read right where backslashes escape, as in MySQL's
     * default sql_mode; Tessera's statements assume that, as Druid's rendering of rewritten statements does.
     */
    public static String quote(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                sb.append("''");
            } else if (c == '\\') {
                sb.append("\\\\");
            } else {
                sb.append(c);
            }
        }
        return sb.append('\'').toString();
    }

    /** A name as a quoted identifier: {@code `it``s`}. */
    public static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** A value as a literal: numbers bare, NULL as NULL, anything else quoted. */
    public static String literal(String value) {
        if (value == null) {
            return "NULL";
        }
        return value.matches("-?\\d{1,18}") ? value : quote(value);
    }

    /** The value a literal stands for: quotes removed and escapes resolved; {@code NULL} becomes null. */
    public static String value(String literal) {
        if (literal == null || literal.equalsIgnoreCase("NULL")) {
            return null;
        }
        if (literal.length() < 2 || (literal.charAt(0) != '\'' && literal.charAt(0) != '"')) {
            return literal;
        }
        char quote = literal.charAt(0);
        StringBuilder sb = new StringBuilder(literal.length());
        for (int i = 1; i < literal.length() - 1; i++) {
            char c = literal.charAt(i);
            if (c == '\\' && i + 1 < literal.length() - 1) {
                sb.append(literal.charAt(++i));
            } else if (c == quote && i + 1 < literal.length() - 1 && literal.charAt(i + 1) == quote) {
                sb.append(c);
                i++;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
