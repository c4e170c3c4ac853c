package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdSpaceTest {

    @Test
    void readsMyCatUnits() {
        assertThat(IdSpace.parse("0-100M,100M1-200M").ranges()).containsExactly(new IdSpace.Range(0, 1_000_000),
                new IdSpace.Range(1_000_001, 2_000_000));
        assertThat(IdSpace.parse("1-2K, 2k1-5000").ranges()).containsExactly(new IdSpace.Range(1, 2_000),
                new IdSpace.Range(2_001, 5_000));
    }

    @Test
    void rejectsWhatIsNotARange() {
        assertThatThrownBy(() -> IdSpace.parse("5-1")).hasMessage("--ranges: 5-1 (its first id is above its last)");
        assertThatThrownBy(() -> IdSpace.parse("1-2-3")).hasMessageStartingWith("--ranges: 1-2-3 (expected");
        assertThatThrownBy(() -> IdSpace.parse("1-2G")).hasMessageStartingWith("--ranges: 2G (expected");
    }

    @Test
    void theFirstIdsSpreadEvenlyOverTheRanges() {
        IdSpace ids = IdSpace.parse("1-10,101-105");
        assertThat(ids.size()).isEqualTo(10);
        List<Long> first = new ArrayList<>();
        for (long i = 0; i < 6; i++) {
            first.add(ids.idAt(i));
        }
        assertThat(first).containsExactly(1L, 101L, 2L, 102L, 3L, 103L);
    }

    @Test
    void threadsTakeTheRangesInTurnAndShareEachInDisjointSlices() {
        IdSpace ids = IdSpace.parse("1-100,1001-1100");
        for (int threads = 1; threads <= 7; threads++) {
            List<IdSpace.Range> slices = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                slices.add(ids.slice(t, threads));
            }
            long covered = slices.stream().mapToLong(IdSpace.Range::size).sum();
            assertThat(covered).as("%d threads", threads).isEqualTo(threads == 1 ? 100 : 200);
            for (IdSpace.Range a : slices) {
                for (IdSpace.Range b : slices) {
                    assertThat(a == b || a.last() < b.first() || b.last() < a.first()).as("%s, %s", a, b).isTrue();
                }
            }
        }
        assertThat(ids.slice(0, 4)).isEqualTo(new IdSpace.Range(1, 50));
        assertThat(ids.slice(3, 4)).isEqualTo(new IdSpace.Range(1051, 1100));
    }
}
