package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The clock reads 2024-05-20 10:00 in Shanghai, where dates are read: a date is 10 hours before its next day. */
class HotDateFunctionTest {

    private static final Clock NOW =
            Clock.fixed(OffsetDateTime.parse("2024-05-20T10:00:00+08:00").toInstant(), ZoneOffset.UTC);

    private static HotDateFunction function(Clock clock, String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("timeZone", "Asia/Shanghai");
        map.put("dateFormat", "yyyy-MM-dd");
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return HotDateFunction.fromProperties(new FunctionProperties("hotdate", map, Path::of), clock);
    }

    /** MyCat's documented example: the last 10 days are hot, older dates in blocks of 30 days. */
    private static final HotDateFunction HOT_10_DAYS = function(NOW, "sLastDay", "10", "sPartionDay", "30");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "2024-05-20, 0",    // today
        "2024-05-11, 0",    // 9 days 10 hours ago: diffDays 10, still hot
        "2024-05-10, 1",    // 10 days 10 hours ago: cold, 10 hours past the hot boundary
        "2024-04-11, 1",    // 29 days 10 hours past it
        "2024-04-10, 2",    // 30 days 10 hours past it
        "2024-03-12, 2",
        "2024-03-11, 3",
        "2024-02-30, 3",    // lenient: March 1
        "1970-01-01, 662",
        "2024-06-01, 0",    // the future is hot
        "2099-01-01, 0",
    })
    void placesRecentDatesOnNodeZeroAndOlderOnesByAge(String value, int node) {
        assertThat(HOT_10_DAYS.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void movesADateToColderNodesAsTimePasses() {
        HotDateFunction fiveDaysLater = function(Clock.offset(NOW, Duration.ofDays(5)), "sLastDay", "10",
                "sPartionDay", "30");
        assertThat(fiveDaysLater.nodeOf(SqlValue.of("2024-05-11"))).isEqualTo(1);
        assertThat(fiveDaysLater.nodeOf(SqlValue.of("2024-04-11"))).isEqualTo(2);
    }

    @Test
    void reportsNoNodeCountAndCannotPlaceNonDates() {
        assertThat(HOT_10_DAYS.nodeCount()).isEqualTo(-1);
        assertThatThrownBy(() -> HOT_10_DAYS.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByHotDate cannot place NULL: not a date in the format yyyy-MM-dd");
        assertThatThrownBy(() -> HOT_10_DAYS.nodeOf(SqlValue.of("")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByHotDate cannot place '': not a date in the format yyyy-MM-dd");
    }

    @Test
    void routesRangesFromTheHighDatesNodeToTheLowDatesNode() {
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-05-15"), SqlValue.of("2024-06-01"), 4))
                .isEqualTo(NodeSet.of(4, 0));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-03-01"), SqlValue.of("2024-05-15"), 4))
                .isEqualTo(NodeSet.of(4, 0, 1, 2, 3));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-03-01"), SqlValue.of("2024-04-01"), 4))
                .isEqualTo(NodeSet.of(4, 2, 3));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-05-10"), SqlValue.of("2024-05-10"), 4))
                .isEqualTo(NodeSet.of(4, 1));
    }

    @Test
    void routesRangesBeyondTheTableOrUnreadableEverywhereElse() {
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2020-01-01"), SqlValue.of("2024-05-15"), 3))
                .isEqualTo(NodeSet.all(3));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2020-01-01"), SqlValue.of("2020-02-01"), 3))   // nodes 53..54
                .isEqualTo(NodeSet.all(3));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-05-15"), SqlValue.of("2024-03-01"), 3))
                .isEqualTo(NodeSet.all(3));
        assertThat(HOT_10_DAYS.nodesOf(SqlValue.of("2024-05-15"), SqlValue.of("soon"), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void rejectsBadProperties() {
        assertThatThrownBy(() -> function(NOW, "sLastDay", "-1", "sPartionDay", "30"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sLastDay: -1 (expected: >= 0)");
        assertThatThrownBy(() -> function(NOW, "sLastDay", "10", "sPartionDay", "0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sPartionDay: 0 (expected: >= 1)");
        assertThatThrownBy(() -> function(NOW, "sPartionDay", "30"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function hotdate: property sLastDay: missing");
        assertThatThrownBy(() -> HotDateFunction.fromProperties(new FunctionProperties("hotdate",
                Map.of("sLastDay", "10", "sPartionDay", "30"), Path::of)))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function hotdate: property dateFormat: missing");
    }
}
