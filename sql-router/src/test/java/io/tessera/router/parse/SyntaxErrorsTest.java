package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.router.error.RouteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyntaxErrorsTest {

    private static final String MYSQL = "You have an error in your SQL syntax; check the manual that corresponds to"
            + " your MySQL server version for the right syntax to use near ";

    private final SqlParser parser = new SqlParser();

    private static RouteException failure(SqlParser parser, String sql) {
        return catchThrowableOfType(RouteException.class, () -> parser.parse(sql));
    }

    /** What MariaDB 10.11 answers for each statement (see ParseErrorsIT, which compares the two over the wire). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SELEC 1                       | 'SELEC 1' at line 1
            SELECT * FORM t               | 'FORM t' at line 1
            SELECT 1 +                    | '' at line 1
            select 1 from dual where      | '' at line 1
            select * from t where a = 1 1 | '1' at line 1
            select 'abc                   | ''abc' at line 1
            PREPARE                       | '' at line 1
            """)
    void quotesTheTextFromWhereParsingStoppedAsMysqlDoes(String sql, String near) {
        RouteException e = failure(parser, sql);

        assertThat(e.errorCode()).isEqualTo(1064);
        assertThat(e.sqlState()).isEqualTo("42000");
        assertThat(e).hasMessage(MYSQL + near);
    }

    @Test
    void countsTheLineTheErrorIsOnAndQuotesOnToTheEnd() {
        assertThat(failure(parser, "SELECT 1,\n2,\n3 3 4 FROM\nt")).hasMessage(MYSQL + "'3 4 FROM\nt' at line 3");
        assertThat(failure(parser, "SELECT 1 +\n\n")).hasMessage(MYSQL + "'' at line 3");
    }

    @Test
    void cutsTheQuotedTextAt80CharactersAsMysqlsPercent80s() {
        String tail = "x".repeat(100);
        RouteException e = failure(parser, "SELECT * FORM " + tail);

        assertThat(e).hasMessage(MYSQL + "'FORM " + "x".repeat(75) + "' at line 1");
    }

    @Test
    void cutsTheQuotedTextWithAnEllipsisAsMariaDbsPercent80T() {
        SqlParser mariaDb = new SqlParser(SyntaxErrors.forServer("10.11.6-MariaDB-Tessera-1.0"));

        assertThat(failure(mariaDb, "SELECT * FORM " + "x".repeat(100)).getMessage())
                .endsWith(" near 'FORM " + "x".repeat(72) + "...' at line 1");
        assertThat(failure(mariaDb, "SELECT * FORM " + "x".repeat(75)).getMessage())
                .endsWith(" near 'FORM " + "x".repeat(75) + "' at line 1");
    }

    @Test
    void aFailureDruidGivesNoPlaceForIsQuotedAsTheEnd() {
        for (String unreadable : new String[] {"DESC", "XA"}) {  // IndexOutOfBounds, DruidRuntimeException
            assertThat(failure(parser, unreadable)).as(unreadable).hasMessage(MYSQL + "'' at line 1");
        }
    }

    @Test
    void speaksOfMariaDbWhenTesseraPresentsItselfAsMariaDb() {
        SqlParser mariaDb = new SqlParser(SyntaxErrors.forServer("10.11.6-MariaDB-Tessera-1.0"));

        assertThat(failure(mariaDb, "SELEC 1")).hasMessage("You have an error in your SQL syntax; check the manual that"
                + " corresponds to your MariaDB server version for the right syntax to use near 'SELEC 1' at line 1");
        assertThat(failure(new SqlParser(SyntaxErrors.forServer("8.0.36-Tessera-1.0")), "SELEC 1"))
                .hasMessage(MYSQL + "'SELEC 1' at line 1");
    }

    @Test
    void placesDruidsLineAndColumnInTheText() {
        assertThat(SyntaxErrors.offset("ab\ncd ef", "not supported. pos 8, line 2, column 4, token IDENTIFIER ef"))
                .isEqualTo(6);
        assertThat(SyntaxErrors.offset("ab", "EOF")).isEqualTo(2);
        assertThat(SyntaxErrors.offset("ab", "line 9, column 1")).isEqualTo(2); // beyond the text: its end
        assertThat(SyntaxErrors.offset("ab", null)).isEqualTo(2);
    }
}
