package io.tessera.protocol.charset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CollationsTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "33,  utf8_general_ci,    utf8,    UTF-8",
            "45,  utf8mb4_general_ci, utf8mb4, UTF-8",
            "46,  utf8mb4_bin,        utf8mb4, UTF-8",
            "63,  binary,             binary,  ISO-8859-1",
            "224, utf8mb4_unicode_ci, utf8mb4, UTF-8",
            "255, utf8mb4_0900_ai_ci, utf8mb4, UTF-8",
    })
    void knowsTheCollationsClientsSend(int id, String name, String charset, String javaCharset) {
        Collation expected = new Collation(id, name, charset, Charset.forName(javaCharset));

        assertThat(Collations.byId(id)).contains(expected);
        assertThat(Collations.byName(name)).contains(expected);
        assertThat(Collations.javaCharset(id)).isEqualTo(Charset.forName(javaCharset));
    }

    @Test
    void constantsMatchTheirIds() {
        assertThat(Collations.byId(Collations.UTF8_GENERAL_CI).orElseThrow().name()).isEqualTo("utf8_general_ci");
        assertThat(Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow().name())
                .isEqualTo("utf8mb4_general_ci");
        assertThat(Collations.byId(Collations.UTF8MB4_BIN).orElseThrow().name()).isEqualTo("utf8mb4_bin");
        assertThat(Collations.byId(Collations.BINARY).orElseThrow().name()).isEqualTo("binary");
    }

    @Test
    void defaultOfUtf8mb4IsGeneralCi() {
        assertThat(Collations.defaultOf("utf8mb4").orElseThrow().id()).isEqualTo(45);
        assertThat(Collations.defaultOf("UTF8MB4").orElseThrow().id()).isEqualTo(45);
    }

    @Test
    void defaultOfOtherCharsets() {
        assertThat(Collations.defaultOf("utf8").orElseThrow().id()).isEqualTo(33);
        assertThat(Collations.defaultOf("utf8mb3").orElseThrow().id()).as("MySQL 8's name for utf8").isEqualTo(33);
        assertThat(Collations.defaultOf("latin1").orElseThrow().name()).isEqualTo("latin1_swedish_ci");
        assertThat(Collations.defaultOf("gbk").orElseThrow().name()).isEqualTo("gbk_chinese_ci");
        assertThat(Collations.defaultOf("binary").orElseThrow().id()).isEqualTo(63);
        assertThat(Collations.defaultOf("klingon")).isEmpty();
    }

    @Test
    void byNameIsCaseInsensitive() {
        assertThat(Collations.byName("UTF8MB4_BIN").orElseThrow().id()).isEqualTo(46);
        assertThat(Collations.byName("Utf8mb4_Unicode_Ci").orElseThrow().id()).isEqualTo(224);
        assertThat(Collations.byName("BINARY").orElseThrow().id()).isEqualTo(63);
    }

    @Test
    void mapsMariaDb11DefaultCollationNameToUnicodeCi() {
        assertThat(Collations.byName("utf8mb4_uca1400_ai_ci").orElseThrow().id()).isEqualTo(224);
    }

    @Test
    void unknownIdsAndNamesAreEmptyAndDecodeAsUtf8() {
        assertThat(Collations.byId(9999)).isEmpty();
        assertThat(Collations.byName("no_such_ci")).isEmpty();
        assertThat(Collations.javaCharset(9999)).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void everyKnownIdRoundTripsThroughItsName() {
        for (int id = 0; id < 256; id++) {
            Collations.byId(id).ifPresent(c -> {
                assertThat(Collations.byName(c.name())).as(c.name()).contains(c);
                assertThat(Collations.defaultOf(c.charsetName())).as(c.charsetName()).isPresent();
            });
        }
    }
}
