package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class OrderByLimitTest {

    @Test
    void readsTheTopTwentyOfAWindowInAGlobalOrder() {
        assertThat(new OrderByLimit("bench_orders", 1_000_000).sql()).isEqualTo(
                "SELECT id, k, pad FROM bench_orders WHERE k BETWEEN ? AND ? ORDER BY k DESC, id LIMIT 20");
    }

    @Test
    void windowsSpanAThousandValuesOfK() {
        OrderByLimit workload = new OrderByLimit("bench_orders", 1_000_000);
        assertThat(workload.arguments(FixedRandom.LOWEST)).containsExactly(0, 999);
        assertThat(workload.arguments(FixedRandom.HIGHEST)).containsExactly(999_000, 999_999);
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            int[] window = workload.arguments(random);
            assertThat(window[1] - window[0]).isEqualTo(OrderByLimit.WINDOW - 1);
            assertThat(window[0]).isBetween(0, 999_000);
        }
    }

    @Test
    void aTableSmallerThanTheWindowIsReadWhole() {
        OrderByLimit workload = new OrderByLimit("bench_orders", 50);
        assertThat(workload.arguments(FixedRandom.LOWEST)).containsExactly(0, 49);
        assertThat(workload.arguments(FixedRandom.HIGHEST)).containsExactly(0, 49);
    }
}
