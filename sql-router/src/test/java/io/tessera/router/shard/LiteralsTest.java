package io.tessera.router.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLTextLiteralExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.SqlParser;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LiteralsTest {

    private final SqlParser parser = new SqlParser();

    /** The right side of {@code WHERE c = <literal>}, as Druid parses it (in MySQL's default sql_mode). */
    private SQLExpr literal(String literal) {
        SQLSelectStatement select = (SQLSelectStatement) parser.parse("select * from t where c = " + literal).ast();
        return ((SQLBinaryOpExpr) select.getSelect().getQueryBlock().getWhere()).getRight();
    }

    private static String codes(String text) {
        StringBuilder out = new StringBuilder();
        text.chars().forEach(c -> out.append(c < ' ' ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.toString();
    }

    /** A literal as the client writes it, and the value of the string (chars below space written as \\uXXXX). */
    static Stream<Arguments> stringForms() {
        return Stream.of(
                arguments("'a''b'", "a'b"),
                arguments("'a\\'b'", "a'b"),
                arguments("\"a\"\"b\"", "a\"b"),
                arguments("\"a\\\"b\"", "a\"b"),
                arguments("'a\\\\b'", "a\\b"),
                arguments("'a\\nb'", "a\\u000ab"),
                arguments("'a\\tb'", "a\\u0009b"),
                arguments("'a\\rb'", "a\\u000db"),
                arguments("'a\\bb'", "a\\u0008b"),
                arguments("'a\\0b'", "a\\u0000b"),
                arguments("'a\\Zb'", "a\\u001ab"),
                arguments("'a\\%b'", "a\\%b"),           // MySQL keeps the backslash before % and _
                arguments("'a\\_b'", "a\\_b"),
                arguments("'a\\zb'", "azb"),              // any other escaped character is itself
                arguments("'a' 'b'", "ab"),
                arguments("'a'\n'b'", "ab"),
                arguments("'a' \"b\"", "ab"),
                arguments("_utf8mb4'ab'", "ab"),
                arguments("_utf8mb4 'ab'", "ab"),
                arguments("_binary'ab'", "ab"),
                arguments("_utf8mb4 0x6162", "ab"),
                arguments("'a b '", "a b "),
                arguments("' '", " "),
                arguments("''", ""));
    }

    /**
     * What Druid 1.2's SQLCharExpr.getText() returns: the string's value, MySQL's escapes already undone (so the router
     * needs no unescaping of its own), adjacent literals joined, the introducer dropped.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("stringForms")
    void druidGivesTheStringsValue(String literal, String expected) {
        SQLExpr expr = literal(literal);
        assertThat(expr).isInstanceOf(SQLCharExpr.class);
        assertThat(codes(((SQLCharExpr) expr).getText())).isEqualTo(expected);
        assertThat(Literals.valueOf(expr)).isEqualTo(SqlValue.of(((SQLCharExpr) expr).getText()));
    }

    @Test
    void readsNationalStringsAndTheirJoins() {
        assertThat(literal("N'a''b'")).isInstanceOf(SQLTextLiteralExpr.class).isNotInstanceOf(SQLCharExpr.class);
        assertThat(Literals.valueOf(literal("N'a''b'"))).isEqualTo(SqlValue.of("a'b"));
        assertThat(Literals.valueOf(literal("n'ab'"))).isEqualTo(SqlValue.of("ab"));
        assertThat(Literals.valueOf(literal("N'a' 'b'"))).isEqualTo(SqlValue.of("ab"));   // Druid: CONCAT(N'a', 'b')
        assertThat(Literals.valueOf(literal("concat('a', N'b', 'c')"))).isEqualTo(SqlValue.of("abc"));
        assertThat(Literals.valueOf(literal("concat('a', c)"))).isNull();
        assertThat(Literals.valueOf(literal("concat()"))).isNull();
        assertThat(Literals.valueOf(literal("'a' COLLATE utf8mb4_bin"))).isEqualTo(SqlValue.of("a"));
        assertThat(Literals.valueOf(literal("_utf8mb4'a' COLLATE utf8mb4_bin"))).isEqualTo(SqlValue.of("a"));
    }

    @Test
    void readsHexAndBitLiteralsAsBytes() {
        SqlValue.Binary ab = new SqlValue.Binary(new byte[] {'a', 'b'});
        assertThat(Literals.valueOf(literal("X'6162'"))).isEqualTo(ab);
        assertThat(Literals.valueOf(literal("x'6162'"))).isEqualTo(ab);
        assertThat(Literals.valueOf(literal("0x6162"))).isEqualTo(ab);
        assertThat(Literals.valueOf(literal("b'0110000101100010'"))).isEqualTo(ab);
        assertThat(Literals.valueOf(literal("0b0110000101100010"))).isEqualTo(ab);
        assertThat(Literals.valueOf(literal("b'1'"))).isEqualTo(new SqlValue.Binary(new byte[] {1}));
        assertThat(Literals.valueOf(literal("b'100000001'"))).isEqualTo(new SqlValue.Binary(new byte[] {1, 1}));
        assertThat(Literals.valueOf(literal("0xabc"))).isEqualTo(new SqlValue.Binary(new byte[] {0x0a, (byte) 0xbc}));
        assertThat(Literals.valueOf(literal("X''"))).isEqualTo(new SqlValue.Binary(new byte[0]));
        assertThat(Literals.valueOf(literal("-X'10'"))).isEqualTo(SqlValue.of(-16));
    }

    @Test
    void aBinaryValueIsItsStringOrItsNumber() {
        assertThat(new SqlValue.Binary(new byte[] {'a', 'b'}).asText()).isEqualTo(SqlValue.of("ab"));
        assertThat(new SqlValue.Binary(new byte[] {'a', 'b'}).asNumber()).isEqualTo(SqlValue.of(0x6162));
        assertThat(new SqlValue.Binary(new byte[] {(byte) 0xc3, (byte) 0xa9}).asText()).isEqualTo(SqlValue.of("é"));
        // not UTF-8: one char per byte, the same every time
        assertThat(new SqlValue.Binary(new byte[] {(byte) 0xe9}).asText()).isEqualTo(SqlValue.of("é"));
        assertThat(new SqlValue.Binary(new byte[] {(byte) 0xff, 0, 0, 0, 0, 0, 0, 0, 0}).asNumber())
                .isEqualTo(SqlValue.of("4703919738795935662080"));
        assertThat(new SqlValue.Binary(new byte[] {0x10}).text()).isEqualTo("16");
    }

    @Test
    void readsNumbersAsBefore() {
        assertThat(Literals.valueOf(literal("42"))).isEqualTo(SqlValue.of(42));
        assertThat(Literals.valueOf(literal("-42"))).isEqualTo(SqlValue.of(-42));
        assertThat(Literals.valueOf(literal("'42'"))).isEqualTo(SqlValue.of("42"));
        assertThat(Literals.valueOf(literal("1.50"))).isEqualTo(SqlValue.of("1.50"));
        assertThat(Literals.valueOf(literal("17E0"))).isEqualTo(SqlValue.of(17));
        assertThat(Literals.valueOf(literal("NULL"))).isEqualTo(SqlValue.Null.INSTANCE);
        assertThat(Literals.valueOf(literal("true"))).isEqualTo(SqlValue.of(1));
        assertThat(Literals.valueOf(literal("c"))).isNull();
        assertThat(Literals.valueOf(literal("upper('a')"))).isNull();
    }

    /** A DECIMAL bound by a driver arrives as 10.0; MySQL compares it with an integer key as 10, so it is key 10. */
    @Test
    void readsADecimalWithoutFractionAsItsInteger() {
        assertThat(Literals.valueOf(literal("10.0"))).isEqualTo(SqlValue.of(10));
        assertThat(Literals.valueOf(literal("-11.000"))).isEqualTo(SqlValue.of(-11));
        assertThat(Literals.valueOf(literal("0.0"))).isEqualTo(SqlValue.of(0));
        assertThat(Literals.valueOf(literal("99999999999999999999.0"))).isEqualTo(SqlValue.of("99999999999999999999"));
        assertThat(Literals.valueOf(literal("10.5"))).isEqualTo(SqlValue.of("10.5"));
    }
}
