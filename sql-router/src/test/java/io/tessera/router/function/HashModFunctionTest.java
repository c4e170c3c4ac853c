package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HashModFunctionTest {

    // Expected nodes: a transcription of MyCat 1.6.7.6's PartitionByHashMod (quote-to-blank, trim, Wang's hash of
    // hashCode(), |h| masked for a power-of-two count, else mod).
    @ParameterizedTest(name = "{0} -> {1} of 3, {2} of 4")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                       0, 1
            1,                       2, 3
            -1,                      0, 0
            42,                      1, 2
            '42',                    1, 2
            "''42''",                1, 2
            '042',                   1, 3
            'abc',                   1, 3
            "''abc''",               1, 3
            ' abc ',                 1, 3
            "'O'Brien'",             1, 0
            '',                      0, 0
            9223372036854775807,     1, 2
            -9223372036854775808,    1, 2
            '中文',                   0, 1
            """)
    void placesLikeMyCat(String spec, int of3, int of4) {
        assertThat(new HashModFunction(3).nodeOf(value(spec))).isEqualTo(of3);
        assertThat(new HashModFunction(4).nodeOf(value(spec))).isEqualTo(of4);
    }

    @Test
    void hashesNumbersAsTheirTextAndNullAsTheTextNull() {
        HashModFunction hashMod = new HashModFunction(7);
        for (long v : new long[] {Long.MIN_VALUE, -99, 0, 7, 1_000_000_007L, Long.MAX_VALUE}) {
            assertThat(hashMod.nodeOf(SqlValue.of(v))).isEqualTo(hashMod.nodeOf(SqlValue.of(Long.toString(v))));
        }
        assertThat(hashMod.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(hashMod.nodeOf(SqlValue.of("NULL")));
    }

    @Test
    void removesQuotesAndBlanksAsMyCatDoes() {
        assertThat(HashModFunction.unquotedHashCode(" 'a'b' \t")).isEqualTo("a b".hashCode());
        assertThat(HashModFunction.unquotedHashCode("''")).isEqualTo("".hashCode());
        assertThat(HashModFunction.unquotedHashCode("x")).isEqualTo("x".hashCode());
    }

    @Test
    void sendsRangesToEveryNode() {
        assertThat(new HashModFunction(4).nodesOf(SqlValue.of(1), SqlValue.of(2), 4)).isEqualTo(NodeSet.all(4));
    }

    @Test
    void readsAndChecksCount() {
        assertThat(HashModFunction.fromProperties(props("count", "5")).nodeCount()).isEqualTo(5);
        assertThatThrownBy(() -> HashModFunction.fromProperties(props("count", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: 0 (expected: >= 1)");
        assertThatThrownBy(() -> HashModFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property count: missing");
    }
}
