package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void readsBothTargetsAndNumbers() {
        BenchOptions o = BenchOptions.parse(new String[] {"--url", "jdbc:mysql://a", "--vs", "jdbc:mysql://b",
            "--threads", "16", "--seconds", "5", "--warmup", "0", "--rows", "100", "--table", "t1"});
        assertThat(o.urls()).containsExactly("jdbc:mysql://a", "jdbc:mysql://b");
        assertThat(o).extracting(BenchOptions::threads, BenchOptions::seconds, BenchOptions::warmupSeconds,
                BenchOptions::rows, BenchOptions::table).containsExactly(16, 5, 0, 100, "t1");
    }

    @Test
    void rejectsBadInputWithTheOptionNamed() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--threads", "4"}))
                .hasMessage("--url: missing (expected: a JDBC URL)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--threads", "x"}))
                .hasMessage("--threads: x (expected: a whole number)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--table", "t;drop"}))
                .hasMessage("--table: t;drop (expected: a plain table name)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--bogus"})).hasMessage("unknown option: --bogus");
    }

    @Test
    void runsPointSelectsUnlessAWorkloadIsNamed() {
        assertThat(BenchOptions.parse(new String[] {"--url", "u"})).isEqualTo(
                new BenchOptions(List.of("u"), WorkloadKind.POINT_SELECT, 4, 10, 3, 10_000, "sbtest1"));
    }

    @Test
    void namesEachWorkloadByItsOption() {
        for (WorkloadKind kind : WorkloadKind.values()) {
            assertThat(BenchOptions.parse(new String[] {"--url", "u", "--workload", kind.option()}).workload())
                    .isEqualTo(kind);
        }
        assertThat(BenchOptions.parse(new String[] {"--workload", "order-by-limit", "--url", "u"}).workload())
                .isEqualTo(WorkloadKind.ORDER_BY_LIMIT);
    }

    @Test
    void rejectsAnUnknownOrMissingWorkloadNamingTheKnownOnes() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--workload", "ORDER_BY_LIMIT"}))
                .hasMessage("--workload: ORDER_BY_LIMIT (expected: point-select or order-by-limit)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--workload"}))
                .hasMessage("--workload: missing value");
        assertThat(BenchOptions.USAGE).contains("[--workload point-select|order-by-limit]");
    }
}
