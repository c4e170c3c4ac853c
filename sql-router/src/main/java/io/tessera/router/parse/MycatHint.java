package io.tessera.router.parse;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MyCat hint at the head of a statement, in the three comment forms MyCat accepts ({@code /*!mycat:...}, {@code
 * /*#mycat:...}, {@code /* mycat:...}): {@code sql=} routes by another statement, {@code datanode=} names the data
 * node, {@code schema=} the schema to route in, {@code db_type=master|slave} where reads may go.
 *
 * @param type the hint's name, lower-case: {@code sql}, {@code datanode}, {@code schema} or {@code db_type}
 * @param value its value, trimmed
 * @param statement the statement after the hint, which is what the data nodes run (the hint is removed: MySQL
 *     would execute a {@code /*!...*}{@code /} comment)
 */
public record MycatHint(String type, String value, String statement) {

    private static final Pattern HINT = Pattern.compile(
            "^\\s*/\\*\\s*[!#]?\\s*mycat\\s*:\\s*(\\w+)\\s*=\\s*(.*?)\\s*\\*/\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** The hint a statement starts with, if any. Cheap for the common case: no leading comment at all. */
    public static Optional<MycatHint> of(String sql) {
        int start = 0;
        while (start < sql.length() && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        if (!sql.startsWith("/*", start)) {
            return Optional.empty();
        }
        Matcher m = HINT.matcher(sql);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new MycatHint(m.group(1).toLowerCase(Locale.ROOT), m.group(2), sql.substring(m.end())));
    }
}
