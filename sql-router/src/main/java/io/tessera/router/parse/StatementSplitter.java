package io.tessera.router.parse;

import com.alibaba.druid.sql.parser.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a multi-statement text (CLIENT_MULTI_STATEMENTS) at its {@code ;} separators, by MySQL's lexical rules: a
 * {@code ;} in a string, a quoted identifier or a comment separates nothing. Each statement keeps the client's own
 * text; empty statements (a trailing {@code ;}) are dropped.
 */
public final class StatementSplitter {

    private StatementSplitter() {
    }

    public static List<String> split(String sql) {
        List<String> statements = new ArrayList<>();
        int from = 0;
        for (int at : SqlTokens.positionsOf(sql, Token.SEMI, ';')) {
            add(statements, sql.substring(from, at));
            from = at + 1;
        }
        add(statements, sql.substring(from));
        return statements;
    }

    private static void add(List<String> statements, String text) {
        if (!text.isBlank()) {
            statements.add(text.strip());
        }
    }
}
