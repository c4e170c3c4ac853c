package io.tessera.router.parse;

import com.alibaba.druid.sql.dialect.mysql.parser.MySqlLexer;
import com.alibaba.druid.sql.parser.ParserException;
import com.alibaba.druid.sql.parser.Token;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.util.Arrays;

/**
 * Looks into a statement's text by MySQL's lexical rules, where a character in a string, a quoted identifier or a
 * comment is not a token, without parsing it.
 */
public final class SqlTokens {

    private SqlTokens() {
    }

    /**
     * Where the one-character token {@code token} ({@code character}) stands in {@code sql}, in order; a text the
     * lexer cannot read is a syntax error (1064).
     */
    static int[] positionsOf(String sql, Token token, char character) {
        int[] found = new int[8];
        int count = 0;
        try {
            MySqlLexer lexer = new MySqlLexer(sql);
            for (lexer.nextToken(); lexer.token() != Token.EOF; lexer.nextToken()) {
                if (lexer.token() == token) {
                    if (count == found.length) {
                        found = Arrays.copyOf(found, count * 2);
                    }
                    // the lexer stands after the token, or further on after whitespace
                    found[count++] = sql.lastIndexOf(character, Math.min(lexer.pos(), sql.length() - 1));
                } else if (lexer.token() == Token.ERROR) {
                    throw new ParserException("cannot read the statement near position " + lexer.pos());
                }
            }
        } catch (ParserException e) {
            throw new TesseraException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax: "
                    + e.getMessage());
        }
        return Arrays.copyOf(found, count);
    }

    /**
     * Whether {@code text} holds {@code word} (which has a {@code _}) in any case, anywhere: a cheap look before any
     * parse, since few texts have a {@code _} at all.
     */
    public static boolean containsIgnoringCase(String text, String word) {
        int underscore = word.indexOf('_');
        for (int i = text.indexOf('_', underscore); i >= 0; i = text.indexOf('_', i + 1)) {
            if (text.regionMatches(true, i - underscore, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }
}
