package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MurmurHashFunctionTest {

    private static final MurmurHashFunction TWO = MurmurHashFunction.fromProperties(props("count", "2"));
    private static final MurmurHashFunction TEN = MurmurHashFunction.fromProperties(props("count", "10",
            "seed", "0", "virtualBucketTimes", "160"));
    /** seed 7, five nodes, 20 virtual nodes each, node 0 weighing 3 and node 2 weighing 0 (which counts as 1). */
    private static final MurmurHashFunction WEIGHTED = MurmurHashFunction.fromProperties(props("count", "5",
            "seed", "7", "virtualBucketTimes", "20", "weightMapFile", "murmur-weights.properties"));

    // Expected nodes: MyCat 1.6.7.6's ring built and searched with Guava's murmur3_32 (a scratch transcription).
    @ParameterizedTest(name = "{0} -> {1} of 2, {2} of 10, {3} weighted")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                       1, 8, 1
            1,                       1, 4, 1
            2,                       1, 8, 3
            3,                       1, 9, 0
            42,                      1, 7, 3
            '42',                    1, 7, 3
            100,                     0, 0, 3
            1000,                    0, 2, 3
            10000,                   0, 4, 4
            -1,                      0, 4, 0
            'abc',                   0, 8, 3
            '',                      0, 0, 1
            9223372036854775807,     0, 2, 0
            -9223372036854775808,    0, 2, 0
            '中文',                   1, 8, 0
            """)
    void placesLikeMyCat(String spec, int ofTwo, int ofTen, int weighted) {
        assertThat(TWO.nodeOf(value(spec))).isEqualTo(ofTwo);
        assertThat(TEN.nodeOf(value(spec))).isEqualTo(ofTen);
        assertThat(WEIGHTED.nodeOf(value(spec))).isEqualTo(weighted);
    }

    @Test
    void hashesSurrogatePairsAsTwoCharsAndNullAsTheTextNull() {
        assertThat(TEN.nodeOf(SqlValue.of("\uD83D\uDE00"))).isEqualTo(1);
        assertThat(TEN.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(TEN.nodeOf(SqlValue.of("NULL")));
    }

    @Test
    void weightedNodeGetsItsShareOfValues() {
        int[] counts = new int[5];
        for (int i = 0; i < 70_000; i++) {
            counts[WEIGHTED.nodeOf(SqlValue.of(i))]++;
        }
        assertThat(counts[0]).isGreaterThan(counts[1] * 2);              // weight 3 against weight 1
    }

    @Test
    void ignoresBucketMapPathAndWritesNothing() {
        MurmurHashFunction withPath = MurmurHashFunction.fromProperties(props("count", "2",
                "bucketMapPath", "/nonexistent/dir/bucketMap"));
        for (int i = 0; i < 1000; i++) {
            assertThat(withPath.nodeOf(SqlValue.of(i))).isEqualTo(TWO.nodeOf(SqlValue.of(i)));
        }
    }

    @Test
    void sendsRangesToEveryNode() {
        assertThat(TWO.nodesOf(SqlValue.of(1), SqlValue.of(1), 2)).isEqualTo(NodeSet.all(2));
    }

    @Test
    void refusesBadProperties() {
        assertThatThrownBy(() -> MurmurHashFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property count: missing");
        assertThatThrownBy(() -> MurmurHashFunction.fromProperties(props("count", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: 0 (expected: >= 1)");
        assertThatThrownBy(() -> MurmurHashFunction.fromProperties(props("count", "2", "virtualBucketTimes", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("virtualBucketTimes: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new MurmurHashFunction(0, 2, 160, Map.of(2, 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weight of node 2 (expected: a node of 0..1)");
        assertThatThrownBy(() -> new MurmurHashFunction(0, 1000, 1000, Map.of(0, 10_000)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("virtualBucketTimes x weights: 10999000 ring positions (expected: <= 10000000)");
        assertThatThrownBy(() -> MurmurHashFunction.fromProperties(props("count", "2",
                "weightMapFile", "missing-weights.properties")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessageStartingWith("function f: property weightMapFile: cannot read map file");
        assertThatThrownBy(() -> MurmurHashFunction.fromProperties(props("count", "2",
                "weightMapFile", "partition-pattern.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessageStartingWith("function f: property weightMapFile: line \"")
                .hasMessageEndingWith("\" (expected: node=weight, both integers)");
    }
}
