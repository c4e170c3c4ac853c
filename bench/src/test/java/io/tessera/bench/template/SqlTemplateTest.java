package io.tessera.bench.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SqlTemplateTest {

    /** MyCat's opp_call sample, with the two unclosed date variables of the original closed. */
    private static final String OPP_CALL = "insert into opp_call (...) values"
            + " ('${date(yyyyMMddHHmmssSSS-[2014-2015]y)}/psn2002s/${int(0-9999)}/${int(1111-9999)}:20725',"
            + "'${char([0-9]2:2)} OPP_${enum(BJ,SH,WU,GZ)}_1',10,${int(10-999)},${int(10-99)},100,3,15,"
            + "'${char([a-f,0-9]8:8)}-${char([a-f,0-9]4:4)}',${phone(139-189)},2,${date(yyyyMMddHH-[2014-2015]y)},"
            + "${enum(0000,0001,0002)})";

    private static final Pattern OPP_CALL_ROW = Pattern.compile("insert into opp_call \\(\\.\\.\\.\\) values"
            + " \\('201[45]\\d{13}/psn2002s/(0|[1-9]\\d{0,3})/[1-9]\\d{3}:20725',"
            + "'\\d{2} OPP_(BJ|SH|WU|GZ)_1',10,[1-9]\\d{1,2},[1-9]\\d,100,3,15,"
            + "'[a-f0-9]{8}-[a-f0-9]{4}',(?<phone>1[3-8]\\d{9}),2,201[45]\\d{6},"
            + "(0000|0001|0002)\\)");

    @Test
    void rendersMyCatsOppCallSample() {
        for (String statement : Renders.of(OPP_CALL, 2000)) {
            Matcher row = OPP_CALL_ROW.matcher(statement);
            assertThat(row.matches()).as(statement).isTrue();
            assertThat(Long.parseLong(row.group("phone"))).isBetween(13_900_000_000L, 18_900_000_000L);
        }
    }

    @Test
    void keepsTextWithoutVariablesAsWritten() {
        String text = "select '$', '$1', '$ {x}', '{}', '}' from t where a = '$'";
        assertThat(Renders.of(text, 1)).containsExactly(text);
        assertThat(Renders.of("", 1)).containsExactly("");
    }

    @Test
    void keepsTextAroundAndBetweenVariablesInOrder() {
        assertThat(Renders.of("a${int(1-1)}b${enum(x)}${int(2,2)}c$", 1)).containsExactly("a1bx2c$");
        assertThat(Renders.of("price $${int(7-7)}", 1)).containsExactly("price $7");
    }

    @Test
    void drawsIntsFromTheRangeReachingBothBounds() {
        assertThat(Renders.numbers("${int(10-12)}", 300)).containsOnly(10L, 11L, 12L);
        assertThat(Renders.numbers("${int(10-999)}", 5000)).allSatisfy(n -> assertThat(n).isBetween(10L, 999L))
                .contains(10L, 999L);
    }

    @Test
    void drawsIntsUpToLongMaxValue() {
        assertThat(Renders.numbers("${int(9223372036854775806-9223372036854775807)}", 100))
                .containsOnly(Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThat(Renders.numbers("${int(0-9223372036854775807)}", 1000))
                .allSatisfy(n -> assertThat(n).isNotNegative());
    }

    @Test
    void drawsIntsFromACommaListAsMyCatsEnumInt() {
        assertThat(Renders.numbers("${int(400,420,500)}", 300)).containsOnly(400L, 420L, 500L);
        assertThat(Renders.of("${int(10,999)}", 300)).containsOnly("10", "999");
        assertThat(Renders.of("${int(7)}", 3)).containsOnly("7");
        assertThat(Renders.of("${int(007,8)}", 100)).containsOnly("7", "8");     // printed as numbers, as MyCat does
    }

    @Test
    void drawsEnumWordsExactlyAsWritten() {
        assertThat(Renders.of("${enum(BJ,SH,WU,GZ)}", 300)).containsOnly("BJ", "SH", "WU", "GZ");
        assertThat(Renders.of("${enum(0000,0001)}", 100)).containsOnly("0000", "0001");
        assertThat(Renders.of("${enum(a b, c,(d))}", 300)).containsOnly("a b", " c", "(d)");
    }

    @Test
    void drawsElevenDigitPhonesBetweenThePaddedPrefixes() {
        assertThat(Renders.of("${phone(139-189)}", 2000)).allSatisfy(phone -> {
            assertThat(phone).hasSize(11);
            assertThat(Long.parseLong(phone)).isBetween(13_900_000_000L, 18_900_000_000L);
        });
        assertThat(Renders.numbers("${phone(13912345678-13912345679)}", 100))
                .containsOnly(13_912_345_678L, 13_912_345_679L);
        assertThat(Renders.of("${phone(1-1)}", 1)).containsExactly("10000000000");
    }

    @Test
    void rendersTheSameStatementsFromTheSameSeed() {
        SqlTemplate template = SqlTemplate.parse(OPP_CALL);
        Random first = new Random(7);
        Random second = new Random(7);
        for (int i = 0; i < 100; i++) {
            assertThat(template.render(first)).isEqualTo(template.render(second));
        }
    }

    @Test
    void keepsItsTextAsWritten() {
        SqlTemplate template = SqlTemplate.parse(OPP_CALL);
        assertThat(template.text()).isEqualTo(OPP_CALL);
        assertThat(template).hasToString(OPP_CALL);
    }
}
