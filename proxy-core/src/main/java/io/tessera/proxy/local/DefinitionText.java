package io.tessera.proxy.local;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of a stored object (a SHOW CREATE answer) as MySQL would show it for a database named as the logical schema:
 * the physical database's name, where it stands quoted as an identifier ({@code `db1`}), reads as the logical
 * schema's, and the {@code DEFINER=user@host} clause, an account of the data host, is dropped. Without the clause the
 * statement is still valid and creates the object with the account that runs it as its definer, as a dump loaded by
 * another account should. A name written unquoted in a routine's body is left to the client's reading of data host
 * texts ({@link io.tessera.proxy.session.ClientChannel#logical}). Stateless.
 */
final class DefinitionText {

    /** An account part: `quoted`, 'quoted', "quoted" or a bare word ({@code CURRENT_USER}, a role, a host). */
    private static final String PART = "(?:`(?:[^`]|``)*`|'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.|\"\")*\""
            + "|[\\w.%$-]+(?:\\(\\))?)";
    /** The clause in a CREATE statement's head, before the object's keyword (a body may say DEFINER too). */
    private static final Pattern DEFINER = Pattern.compile("^(\\s*CREATE\\s+(?:OR\\s+REPLACE\\s+)?"
            + "(?:ALGORITHM\\s*=\\s*\\w+\\s+)?)DEFINER\\s*=\\s*" + PART + "(?:\\s*@\\s*" + PART + ")?\\s+",
            Pattern.CASE_INSENSITIVE);

    private DefinitionText() {
    }

    /** {@code text}, from the data node whose database is {@code database}, in logical terms for {@code schema}. */
    static String logical(String text, String database, String schema) {
        if (text == null) {
            return null;
        }
        Matcher definer = DEFINER.matcher(text);
        String rest = definer.find() ? definer.group(1) + text.substring(definer.end()) : text;
        return rest.replace(quoted(database), quoted(schema));
    }

    static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
