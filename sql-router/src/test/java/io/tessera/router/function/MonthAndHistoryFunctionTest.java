package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MonthAndHistoryFunctionTest {

    private static MonthAndHistoryFunction function(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("timeZone", "Asia/Shanghai");
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return MonthAndHistoryFunction.fromProperties(new FunctionProperties("history", map, Path::of));
    }

    private static final MonthAndHistoryFunction YEAR_2015 =
            function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2015-01-01", "sEndDate", "2015-12-01");
    private static final MonthAndHistoryFunction FROM_2015 =
            function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2015-01-01");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "2015-01-01, 0",
        "2015-02-28, 1",
        "2015-02-29, 2",
        "2015-12-31, 11",
        "2016-01-01, 0",
        "2016-02-29, 1",
        "2014-12-31, 11",
        "2013-01-01, 0",
    })
    void placesMonthsLikePartitionByMonth(String value, int node) {
        assertThat(YEAR_2015.nodeOf(SqlValue.of(value))).isEqualTo(node);
    }

    @Test
    void reportsNoNodeCountEvenWithAnEndDate() {
        assertThat(YEAR_2015.nodeCount()).isEqualTo(-1);
        assertThat(FROM_2015.nodeCount()).isEqualTo(-1);
    }

    @Test
    void countsMonthsOnWithoutEndDate() {
        assertThat(FROM_2015.nodeOf(SqlValue.of("2016-01-01"))).isEqualTo(12);
        assertThatThrownBy(() -> FROM_2015.nodeOf(SqlValue.of("2014-12-31")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByMonthAndHistory cannot place '2014-12-31': partition -1 (expected: >= 0)");
        assertThatThrownBy(() -> FROM_2015.nodeOf(SqlValue.Null.INSTANCE))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByMonthAndHistory cannot place NULL: not a date in the format yyyy-MM-dd");
    }

    @Test
    void routesRangesRoundTheCycleOrToTheirMonths() {
        assertThat(YEAR_2015.nodesOf(SqlValue.of("2015-11-15"), SqlValue.of("2016-02-10"), 12))
                .isEqualTo(NodeSet.of(12, 10, 11, 0, 1));
        assertThat(FROM_2015.nodesOf(SqlValue.of("2015-03-01"), SqlValue.of("2015-05-31"), 12))   // MyCat: [0]
                .isEqualTo(NodeSet.of(12, 2, 3, 4));
        assertThat(FROM_2015.nodesOf(SqlValue.of("2015-05-31"), SqlValue.of("2015-03-01"), 12))
                .isEqualTo(NodeSet.all(12));
    }

    @Test
    void requiresTheBeginDateAndTheFormat() {
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function history: property sBeginDate: missing");
        assertThatThrownBy(() -> function("sBeginDate", "2015-01-01"))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function history: property dateFormat: missing");
        assertThatThrownBy(() -> function("dateFormat", "yyyy-MM-dd", "sBeginDate", "2015-02-01",
                "sEndDate", "2015-01-31"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sEndDate: \"2015-01-31\" (expected: not in a month before sBeginDate \"2015-02-01\")");
    }
}
