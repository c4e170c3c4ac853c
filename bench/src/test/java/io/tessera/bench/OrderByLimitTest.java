package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OrderByLimitTest {

    @Test
    void itsTableComesFromTheMergeSetupScript() {
        assertThatThrownBy(() -> new OrderByLimit("bench_orders", 1_000).createTable())
                .hasMessageContaining("bench/merge-setup.sql");
    }
}
