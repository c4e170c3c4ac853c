package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PointSelectTest {

    @Test
    void selectsOneRowByPrimaryKeyAsSysbenchDoes() {
        assertThat(new PointSelect("sbtest1", 10).sql()).isEqualTo("SELECT c FROM sbtest1 WHERE id = ?");
    }

    @Test
    void drawsIdsFromOneToRows() {
        PointSelect select = new PointSelect("sbtest1", 10);
        assertThat(select.arguments(FixedRandom.LOWEST)).containsExactly(1);
        assertThat(select.arguments(FixedRandom.HIGHEST)).containsExactly(10);
    }
}
