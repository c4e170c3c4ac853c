package io.tessera.bench.template;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlTemplateErrorTest {

    /** Placeholders in the expected messages below, so that each row fits on one line. */
    private static final String NUMBER = "(expected: a whole number from 0 to 9223372036854775807)";
    private static final String LIST = "(expected: a comma-separated list without empty items)";
    private static final String CHARS = "(expected: [a-z,0-9,_] then optional min:max)";
    private static final String CHAR = "(expected: one character, or a-z with a <= z)";
    private static final String PHONE = "(expected: 1 to 11 digits, not starting with 0)";
    private static final String FORMAT = "(expected: a DateTimeFormatter pattern such as yyyyMMddHHmmss)";
    private static final String FIELD = "(expected: -[min-max] then y, M, d, H, m, s or S)";
    private static final String KIND = "(expected: int, date, char, enum or phone)";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        ${int 1-5}                    | missing '(' (expected: ${name(args)})
        ${int(1-5}                    | missing ')' before '}'
        ${date(yyyy-[2014-2015]y}     | missing ')' before '}'
        ${foo(1)}                     | unknown variable 'foo' KIND
        ${INT(1-5)}                   | unknown variable 'INT' KIND
        ${int(999-10)}                | range: 999-10 (expected: min <= max)
        ${int(1-2-3)}                 | range: '1-2-3' (expected: min-max)
        ${int(-5-10)}                 | range: '-5-10' (expected: min-max)
        ${int(1,2-3)}                 | range: '1,2' NUMBER
        ${int(1-x)}                   | range: 'x' NUMBER
        ${int(+1-2)}                  | range: '+1' NUMBER
        ${int(1 - 2)}                 | range: '1 ' NUMBER
        ${int(9223372036854775808-1)} | range: '9223372036854775808' NUMBER
        ${int(1,x)}                   | value: 'x' NUMBER
        ${int()}                      | values: '' LIST
        ${int(1,,2)}                  | values: '1,,2' LIST
        ${enum()}                     | words: '' LIST
        ${enum(a,)}                   | words: 'a,' LIST
        ${char(a-z)}                  | characters: 'a-z' CHARS
        ${char([a-z)}                 | characters: '[a-z' CHARS
        ${char([]1:2)}                | characters: '' LIST
        ${char([az]1:2)}              | character range: 'az' CHAR
        ${char([z-a])}                | character range: 'z-a' CHAR
        ${char([a-z]3:2)}             | length: 3:2 (expected: min <= max)
        ${char([a-z]5)}               | length: '5' (expected: min:max)
        ${char([a-z]1:3000000000)}    | length: 1:3000000000 (expected: max <= 2147483647)
        ${phone(139)}                 | phone range: '139' (expected: min-max)
        ${phone(189-139)}             | phone range: 189-139 (expected: min <= max)
        ${phone(123456789012-2)}      | phone prefix: '123456789012' PHONE
        ${phone(0-1)}                 | phone prefix: '0' PHONE
        ${phone(1x-2)}                | phone prefix: '1x' NUMBER
        ${date()}                     | format: empty FORMAT
        ${date(-[2014-2015]y)}        | format: empty FORMAT
        ${date(yyyy-[2014-2015]q)}    | date range: unknown field 'q' (expected: y, M, d, H, m, s or S)
        ${date(yyyy-[2015-2014]y)}    | y range: 2015-2014 (expected: min <= max)
        ${date(yyyy-[1-13]M)}         | M range: 1-13 (expected: within 1-12)
        ${date(yyyy-[0-2015]y)}       | y range: 0-2015 (expected: within 1-9999)
        ${date(yyyy-[a-b]y)}          | y range: 'a' NUMBER
        ${date(yyyy-[1-2]M-[3-4]M)}   | date range: M given twice
        ${date(yyyy-[2014-2015])}     | date range: '-[2014-2015]' FIELD
        ${date(yyyy-[2014-2015y)}     | date range: '-[2014-2015y' FIELD
        ${date(yyyy-[2014-2015]yx)}   | date range: 'x' FIELD
        """)
    void rejectsBadVariable(String template, String problem) {
        String expected = problem.replace("NUMBER", NUMBER).replace("LIST", LIST).replace("CHARS", CHARS)
                .replace("CHAR", CHAR).replace("PHONE", PHONE).replace("FORMAT", FORMAT).replace("FIELD", FIELD)
                .replace("KIND", KIND);
        assertThatThrownBy(() -> SqlTemplate.parse(template))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(template + " at offset 0: " + expected);
    }

    @Test
    void namesTheOffsetOfTheVariableInTheTemplate() {
        assertThatThrownBy(() -> SqlTemplate.parse("select ${int(1-1)}, ${foo(1)} from t"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("${foo(1)} at offset 20: unknown variable 'foo' " + KIND);
    }

    @Test
    void rejectsAVariableWithoutClosingBrace() {
        assertThatThrownBy(() -> SqlTemplate.parse("select ${int(1-5) from t"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("${int(1-5) from t at offset 7: missing '}'");
    }

    @Test
    void quotesOnlyTheStartOfAnUnclosedVariable() {
        assertThatThrownBy(() -> SqlTemplate.parse("values (${int(1-5), 'a long tail that goes on and on and on')"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("${int(1-5), 'a long tail that goes on an... at offset 8: missing '}'");
    }

    @Test
    void rejectsDateFormatsThatDateTimeFormatterRejects() {
        assertThatThrownBy(() -> SqlTemplate.parse("${date(yyyyb)}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("${date(yyyyb)} at offset 0: format: 'yyyyb' (");
    }

    @Test
    void rejectsDateFormatsThatNeedATimeZone() {
        assertThatThrownBy(() -> SqlTemplate.parse("${date(yyyy VV)}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("${date(yyyy VV)} at offset 0: format: 'yyyy VV' (");
    }
}
