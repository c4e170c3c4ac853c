package io.tessera.router.parse;

import com.alibaba.druid.sql.parser.Token;

/**
 * The {@code ?} parameter markers of a prepared statement's text, found by MySQL's lexical rules (a {@code ?} in a
 * string, a quoted identifier or a comment is not one), and the text with each marker replaced by a literal. A
 * prepared statement is routed, and where needed rewritten, as the statement its bound values make.
 */
public final class ParameterMarkers {

    private final String sql;
    private final int[] positions;

    private ParameterMarkers(String sql, int[] positions) {
        this.sql = sql;
        this.positions = positions;
    }

    /** Scans {@code sql}; a text the lexer cannot read is a syntax error (1064), as PREPARE would report. */
    public static ParameterMarkers of(String sql) {
        return new ParameterMarkers(sql, SqlTokens.positionsOf(sql, Token.QUES, '?'));
    }

    public int count() {
        return positions.length;
    }

    /** The text with marker {@code i} replaced by {@code literals[i]}, each already valid SQL. */
    public String inline(CharSequence[] literals) {
        if (literals.length != positions.length) {
            throw new IllegalArgumentException(positions.length + " markers, " + literals.length + " literals");
        }
        if (positions.length == 0) {
            return sql;
        }
        int size = sql.length();
        for (CharSequence literal : literals) {
            size += literal.length();
        }
        StringBuilder out = new StringBuilder(size);
        int from = 0;
        for (int i = 0; i < positions.length; i++) {
            out.append(sql, from, positions[i]).append(literals[i]);
            from = positions[i] + 1;
        }
        return out.append(sql, from, sql.length()).toString();
    }
}
