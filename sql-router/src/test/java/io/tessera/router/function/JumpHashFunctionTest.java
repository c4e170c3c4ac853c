package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JumpHashFunctionTest {

    /** MyCat's own PartitionByJumpConsistentHashTest: totalBuckets 3, the values "1" to "24". */
    @Test
    void agreesWithMyCatsOwnTest() {
        int[] expected = {1, 2, 1, 0, 0, 2, 1, 1, 1, 0, 2, 1, 1, 2, 1, 0, 0, 2, 1, 0, 0, 0, 2, 1};
        JumpHashFunction jump = new JumpHashFunction(3);
        for (int i = 1; i <= expected.length; i++) {
            assertThat(jump.nodeOf(SqlValue.of(i))).as("value %d", i).isEqualTo(expected[i - 1]);
            assertThat(jump.nodeOf(SqlValue.of(Integer.toString(i)))).isEqualTo(expected[i - 1]);
        }
    }

    // Expected nodes: a transcription of MyCat 1.6.7.6's jumpConsistentHash(columnValue.hashCode(), buckets).
    @ParameterizedTest(name = "{0} -> {1} of 3, {2} of 10")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                       2, 2
            1,                       1, 3
            -1,                      0, 9
            42,                      2, 2
            "''42''",                0, 6
            'abc',                   0, 8
            '',                      0, 0
            9223372036854775807,     0, 8
            -9223372036854775808,    1, 9
            '中文',                   0, 3
            """)
    void placesLikeMyCat(String spec, int of3, int of10) {
        assertThat(new JumpHashFunction(3).nodeOf(value(spec))).isEqualTo(of3);
        assertThat(new JumpHashFunction(10).nodeOf(value(spec))).isEqualTo(of10);
        assertThat(new JumpHashFunction(1).nodeOf(value(spec))).isZero();
    }

    @Test
    void placesNullAsTheTextNull() {
        JumpHashFunction jump = new JumpHashFunction(10);
        assertThat(jump.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(jump.nodeOf(SqlValue.of("NULL")));
    }

    @Test
    void movesFewKeysWhenABucketIsAdded() {
        int moved = 0;
        for (int i = 0; i < 10_000; i++) {
            int before = new JumpHashFunction(10).nodeOf(SqlValue.of(i));
            int after = new JumpHashFunction(11).nodeOf(SqlValue.of(i));
            if (before != after) {
                assertThat(after).isEqualTo(10);            // a key only ever moves to the new bucket
                moved++;
            }
        }
        assertThat(moved).isBetween(700, 1100);             // about 1/11 of the keys
    }

    @Test
    void readsAndChecksTotalBuckets() {
        assertThat(JumpHashFunction.fromProperties(props("totalBuckets", "3")).nodeCount()).isEqualTo(3);
        assertThatThrownBy(() -> JumpHashFunction.fromProperties(props("totalBuckets", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("totalBuckets: 0 (expected: >= 1)");
        assertThatThrownBy(() -> JumpHashFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property totalBuckets: missing");
    }
}
