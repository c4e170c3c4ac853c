package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    @Test
    void everyKindHasItsWorkloadOnTheChosenTable() {
        for (WorkloadKind kind : WorkloadKind.values()) {
            BenchOptions options = new BenchOptions(List.of("jdbc:mysql://127.0.0.1:8066/BENCHDB"), kind, 1, 1, 0, 100,
                    "bench_orders");
            Workload workload = Workload.of(options);
            assertThat(workload).isInstanceOf(switch (kind) {
                case POINT_SELECT -> PointSelect.class;
                case ORDER_BY_LIMIT -> OrderByLimit.class;
            });
            assertThat(workload.sql()).contains(" FROM bench_orders WHERE ");
        }
    }
}
