package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.backend.QueryResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogCacheTest {

    private final CatalogCache cache = new CatalogCache(5);

    @Test
    void holdsRowsUntilDdlAndNeverThoseReadAcrossIt() {
        long before = cache.generation();
        cache.put("COLUMNS", "dn1", rows(2), before);
        assertThat(cache.get("COLUMNS", "dn1").size()).isEqualTo(2);
        assertThat(cache.get("STATISTICS", "dn1")).isNull();

        cache.forget();
        assertThat(cache.get("COLUMNS", "dn1")).isNull();
        cache.put("COLUMNS", "dn1", rows(2), before); // read before the DDL: may be stale
        assertThat(cache.get("COLUMNS", "dn1")).isNull();
    }

    @Test
    void dropsTheLeastRecentlyUsedAboveItsRowsAndNeverHoldsWhatAloneExceedsThem() {
        long generation = cache.generation();
        cache.put("COLUMNS", "dn1", rows(2), generation);
        cache.put("COLUMNS", "dn2", rows(2), generation);
        cache.get("COLUMNS", "dn1");
        cache.put("COLUMNS", "dn3", rows(2), generation);
        assertThat(cache.get("COLUMNS", "dn2")).isNull();
        assertThat(cache.get("COLUMNS", "dn1")).isNotNull();
        assertThat(cache.get("COLUMNS", "dn3")).isNotNull();

        cache.put("COLUMNS", "dn4", rows(6), generation);
        assertThat(cache.get("COLUMNS", "dn4")).isNull();
        assertThat(cache.get("COLUMNS", "dn1")).isNotNull();
    }

    @Test
    void refusesABoundBelowOneRow() {
        assertThatThrownBy(() -> new CatalogCache(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxRows: 0 (expected: >= 1)");
    }

    private static NodeCatalogRows rows(int count) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(List.of("t" + i, "c"));
        }
        return NodeCatalogRows.of(new QueryResult(List.of("TABLE_NAME", "COLUMN_NAME"), rows, 0, 0, 0, 0));
    }
}
