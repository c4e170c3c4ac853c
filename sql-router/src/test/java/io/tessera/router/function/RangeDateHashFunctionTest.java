package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dates are read in Asia/Shanghai. The expected nodes were computed with Guava's Hashing.consistentHash. */
class RangeDateHashFunctionTest {

    private static RangeDateHashFunction function(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("timeZone", "Asia/Shanghai");
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return RangeDateHashFunction.fromProperties(new FunctionProperties("rangeDateHash", map, Path::of));
    }

    /** Blocks of 3 days from 2014-01-01, six nodes each. */
    private static final RangeDateHashFunction THREE_DAYS_BY_SIX = function("dateFormat", "yyyy-MM-dd HH:mm:ss",
            "sBeginDate", "2014-01-01 00:00:00", "sPartionDay", "3", "groupPartionSize", "6");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "2014-01-01 00:00:00, 3",       // block 0, hash 3
        "2014-01-01 00:00:01, 1",       // a second later: another node of the block
        "2014-01-02 12:30:00, 5",
        "2014-01-03 23:59:59, 4",
        "2014-01-04 00:00:00, 7",       // block 1 starts at node 6
        "2014-01-10 08:00:00, 20",      // block 3
        "2016-02-29 12:00:00, 1579",    // leap day, block 263
        "2013-12-29 00:00:01, 4",       // the block division truncates toward zero: still block 0
    })
    void hashesTheInstantInsideItsBlock(String value, int node) {
        assertThat(THREE_DAYS_BY_SIX.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "2013-12-29 00:00:00 | partition -3 (expected: >= 0)",   // block -1, hash 3
        "2013-12-28 23:59:59 | partition -1 (expected: >= 0)",
        "2014-01-01          | not a date in the format yyyy-MM-dd HH:mm:ss",
        "NULL                | not a date in the format yyyy-MM-dd HH:mm:ss",
    })
    void cannotPlaceDatesBeforeTheFirstBlockOrNonDates(String value, String reason) {
        assertThatThrownBy(() -> THREE_DAYS_BY_SIX.nodeOf(SqlValue.of(value)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByRangeDateHash cannot place '" + value + "': " + reason);
    }

    @Test
    void reproducesGuavaConsistentHash() {
        assertThat(RangeDateHashFunction.consistentHash(0, 6)).isZero();
        assertThat(RangeDateHashFunction.consistentHash(1, 6)).isZero();
        assertThat(RangeDateHashFunction.consistentHash(Long.MAX_VALUE, 100)).isEqualTo(97);
        assertThat(RangeDateHashFunction.consistentHash(Long.MIN_VALUE, 100)).isEqualTo(84);
        assertThat(RangeDateHashFunction.consistentHash(-1, 1000)).isEqualTo(313);
        assertThat(RangeDateHashFunction.consistentHash(1_388_505_600_000L, 6)).isEqualTo(3);   // 2014-01-01 +08:00
        assertThat(RangeDateHashFunction.consistentHash(42, Integer.MAX_VALUE)).isEqualTo(1_603_940_301);
        assertThat(RangeDateHashFunction.consistentHash(12345, 1)).isZero();
    }

    @Test
    void keepsGuavasOverflowOnTheFirstDraw() {
        // The first generator step gives state 0x7fffffff << 33 | 12345: Guava's int addition turns the draw
        // negative and stops at bucket 0, where the textbook jump hash would move on to bucket 1.
        assertThat(RangeDateHashFunction.consistentHash(-383_274_579_211_869_544L, 10)).isZero();
        assertThat(RangeDateHashFunction.consistentHash(-383_274_579_211_869_544L, 2)).isZero();
    }

    @Test
    void routesRangesToEveryNodeOfTheirBlocks() {
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2014-01-01 00:00:00"), SqlValue.of("2014-01-05 00:00:00"),
                24)).isEqualTo(NodeSet.of(24, IntStream.rangeClosed(0, 11).toArray()));
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2014-01-04 00:00:00"), SqlValue.of("2014-01-04 01:00:00"),
                24)).isEqualTo(NodeSet.of(24, 6, 7, 8, 9, 10, 11));
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2013-12-01 00:00:00"), SqlValue.of("2014-01-02 00:00:00"),
                24)).isEqualTo(NodeSet.of(24, 0, 1, 2, 3, 4, 5));
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2014-01-10 00:00:00"), SqlValue.of("2014-02-10 00:00:00"),
                20)).isEqualTo(NodeSet.of(20, 18, 19));
    }

    @Test
    void routesEmptyUnreadableOrUnplaceableRangesEverywhere() {
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2014-01-05 00:00:00"), SqlValue.of("2014-01-01 00:00:00"),
                24)).isEqualTo(NodeSet.all(24));
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2014-01-01"), SqlValue.of("2014-01-05"), 24))
                .isEqualTo(NodeSet.all(24));
        assertThat(THREE_DAYS_BY_SIX.nodesOf(SqlValue.of("2012-01-01 00:00:00"), SqlValue.of("2012-02-01 00:00:00"),
                24)).isEqualTo(NodeSet.all(24));
    }

    @Test
    void reportsNoNodeCount() {
        assertThat(THREE_DAYS_BY_SIX.nodeCount()).isEqualTo(-1);
    }

    @Test
    void rejectsBadProperties() {
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2014-01-01", "sPartionDay", "0",
                "groupPartionSize", "6"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sPartionDay: 0 (expected: >= 1)");
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2014-01-01", "sPartionDay", "3",
                "groupPartionSize", "0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("groupPartionSize: 0 (expected: >= 1)");
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd", "sPartionDay", "3", "groupPartionSize", "6"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function rangeDateHash: property sBeginDate: missing");
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2014.01.01", "sPartionDay", "3",
                "groupPartionSize", "6"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sBeginDate: \"2014.01.01\" (expected: a date in the format yyyy-MM-dd)");
    }
}
