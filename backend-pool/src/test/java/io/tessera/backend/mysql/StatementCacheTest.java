package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementCacheTest {

    private final List<Long> evicted = new ArrayList<>();
    private final StatementCache cache = new StatementCache(3, evicted::add);

    @Test
    void findsWhatWasPutAndNothingElse() {
        cache.put("db1", "select ?", 7);

        assertThat(cache.get("db1", "select ?")).isEqualTo(7);
        assertThat(cache.get("db1", "select ? + 1")).isEqualTo(StatementCache.ABSENT);
        assertThat(cache.get("db2", "select ?")).isEqualTo(StatementCache.ABSENT); // its tables would be db1's
        assertThat(cache.get(null, "select ?")).isEqualTo(StatementCache.ABSENT);
        assertThat(evicted).isEmpty();
    }

    @Test
    void evictsTheLeastRecentlyUsedBeyondCapacity() {
        cache.put("db", "a", 1);
        cache.put("db", "b", 2);
        cache.put("db", "c", 3);
        cache.get("db", "a");                     // now b is the least recently used

        cache.put("db", "d", 4);

        assertThat(evicted).containsExactly(2L);
        assertThat(cache.get("db", "b")).isEqualTo(StatementCache.ABSENT);
        assertThat(cache.get("db", "a")).isEqualTo(1);
        assertThat(cache.get("db", "c")).isEqualTo(3);
        assertThat(cache.get("db", "d")).isEqualTo(4);
    }

    @Test
    void evictOldestClosesTheLeastRecentlyUsedFirst() {
        cache.put("db", "a", 1);
        cache.put("db", "b", 2);
        cache.put("db", "c", 3);
        cache.get("db", "a");

        cache.evictOldest(2);

        assertThat(evicted).containsExactly(2L, 3L);
        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.get("db", "a")).isEqualTo(1);
    }

    @Test
    void clearForgetsWithoutEvicting() {
        cache.put("db", "a", 1);

        cache.clear();

        assertThat(cache.get("db", "a")).isEqualTo(StatementCache.ABSENT);
        assertThat(evicted).isEmpty();
    }

    @Test
    void rejectsACapacityBelowOne() {
        assertThatThrownBy(() -> new StatementCache(0, id -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity: 0 (expected: >= 1)");
    }
}
