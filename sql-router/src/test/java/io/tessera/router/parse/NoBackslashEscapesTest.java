package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NoBackslashEscapesTest {

    static Stream<Arguments> statements() {
        return Stream.of(
                arguments("select 'a\\b'", "select 'a\\\\b'"),
                arguments("select 'a\\'", "select 'a\\\\'"),
                arguments("select \"a\\\" , 'b'", "select \"a\\\\\" , 'b'"),
                arguments("select 'it''s\\'", "select 'it''s\\\\'"),
                arguments("select `a\\b`, 'c'", "select `a\\b`, 'c'"),
                arguments("select 1 # 'a\\b\nfrom t", "select 1 # 'a\\b\nfrom t"),
                arguments("select 1 -- 'a\\b\n, '\\'", "select 1 -- 'a\\b\n, '\\\\'"),
                arguments("select 1 /* 'a\\b */, '\\'", "select 1 /* 'a\\b */, '\\\\'"),
                arguments("select /*!40001 'a\\b' */ 1", "select /*!40001 'a\\\\b' */ 1"),
                arguments("select 1--1, '\\'", "select 1--1, '\\\\'"),
                arguments("select 'open\\", "select 'open\\\\"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void doublesBackslashesInStringsOnly(String sql, String expected) {
        assertThat(NoBackslashEscapes.asDefaultMode(sql)).isEqualTo(expected);
    }

    @Test
    void returnsTheTextItselfWithoutBackslash() {
        String sql = "select 'it''s' from t";
        assertThat(NoBackslashEscapes.asDefaultMode(sql)).isSameAs(sql);
    }

    @Test
    void theParserReadsTheValueOfTheModeAndKeepsTheClientsText() {
        SqlParser parser = new SqlParser();
        String sql = "select * from t where c = 'C:\\temp\\' and d = 1";
        ParsedStatement statement = parser.parse(sql, false);
        assertThat(statement.sql()).isSameAs(sql);
        SQLBinaryOpExpr and = (SQLBinaryOpExpr) ((SQLSelectStatement) statement.ast()).getSelect().getQueryBlock()
                .getWhere();
        assertThat(((SQLCharExpr) ((SQLBinaryOpExpr) and.getLeft()).getRight()).getText()).isEqualTo("C:\\temp\\");

        SQLBinaryOpExpr defaultMode = (SQLBinaryOpExpr) ((SQLSelectStatement) parser.parse(
                "select * from t where c = 'C:\\\\temp'", true).ast()).getSelect().getQueryBlock().getWhere();
        assertThat(((SQLCharExpr) defaultMode.getRight()).getText()).isEqualTo("C:\\temp");
    }
}
