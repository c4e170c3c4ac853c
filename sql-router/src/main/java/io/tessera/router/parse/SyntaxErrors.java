package io.tessera.router.parse;

import io.tessera.router.error.RouteException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ERR 1064 in the words of the server Tessera presents itself as, which tools and people grep for: {@code You have
 * an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to
 * use near '<text>' at line <N>} ({@code MariaDB server version} when the version names MariaDB).
 *
 * <p>The quoted text runs from where Druid stopped to the end of the statement, and is empty when the statement ended
 * too early. A longer one is cut at 80 characters as MySQL's {@code %-.80s} cuts it, or as MariaDB's {@code %-.80T}
 * does, which ends it with {@code ...} within the 80. Druid names that place as {@code line L,
 * column C} in its {@code ParserException}'s message, the first character of the token it could not take, which is
 * where MySQL quotes from for most statements ({@code SELEC 1}, {@code SELECT * FORM t}, {@code SELECT 1 +}). The two
 * parsers differ where their grammars do: Druid may take a token MySQL refuses and stop further on, or the other way
 * round ({@code EXPLAIN SELEC 1} quotes {@code '1'} where MariaDB quotes {@code 'SELEC 1'}; {@code select a,, b}
 * quotes {@code ', b'} where MariaDB quotes {@code ' b'}), and a failure Druid gives no place for (an
 * {@code EOFParserException}, a bare {@code DESC}) is quoted as the end of the text, where MySQL stops too.
 */
public final class SyntaxErrors {

    /** MySQL's {@code ER_PARSE_ERROR} quotes {@code %-.80s} of the rest of the statement. */
    static final int NEAR_CHARS = 80;
    private static final String ELLIPSIS = "...";

    private static final Pattern PLACE = Pattern.compile("line (\\d+), column (\\d+)");

    private final String product;
    /** MariaDB marks a cut quote with {@code ...}. */
    private final boolean ellipsis;

    private SyntaxErrors(String product, boolean ellipsis) {
        this.product = product;
        this.ellipsis = ellipsis;
    }

    /** The words of a MySQL server. */
    public static SyntaxErrors mysql() {
        return new SyntaxErrors("MySQL", false);
    }

    /** The words of the server {@code serverVersion} (the version Tessera presents itself with) names. */
    public static SyntaxErrors forServer(String serverVersion) {
        boolean mariaDb = serverVersion.contains("MariaDB");
        return new SyntaxErrors(mariaDb ? "MariaDB" : "MySQL", mariaDb);
    }

    /** ERR 1064 for {@code text}, which Druid failed to read with {@code druidMessage} (null: no place given). */
    public RouteException of(String text, String druidMessage) {
        return near(text, offset(text, druidMessage));
    }

    /** ERR 1064 quoting {@code text} from {@code offset} (its length: the statement ended too early). */
    public RouteException near(String text, int offset) {
        String rest = text.substring(offset);
        if (rest.length() > NEAR_CHARS) {
            rest = ellipsis ? rest.substring(0, NEAR_CHARS - ELLIPSIS.length()) + ELLIPSIS
                    : rest.substring(0, NEAR_CHARS);
        }
        return RouteException.syntax("You have an error in your SQL syntax; check the manual that corresponds to your "
                + product + " server version for the right syntax to use near '" + rest + "' at line "
                + lineOf(text, offset));
    }

    /** Where in {@code text} Druid's {@code line L, column C} (both from 1) stands; the end when it names none. */
    static int offset(String text, String druidMessage) {
        Matcher place = druidMessage == null ? null : PLACE.matcher(druidMessage);
        if (place == null || !place.find()) {
            return text.length();
        }
        int line = Integer.parseInt(place.group(1));
        int start = 0;
        for (int l = 1; l < line && start >= 0; l++) {
            start = text.indexOf('\n', start);
            start = start < 0 ? -1 : start + 1;
        }
        if (start < 0) {
            return text.length();
        }
        return Math.min(text.length(), start + Math.max(0, Integer.parseInt(place.group(2)) - 1));
    }

    /** MySQL counts lines from 1, and each {@code \n} before the place starts one. */
    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }
}
