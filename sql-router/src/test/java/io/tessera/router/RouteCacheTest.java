package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteCacheTest {

    private static final Route ROUTE = Route.single(new ShardStatement("dn1", "select 1", false));

    @Test
    void findsAPlanBySchemaAndTextOnly() {
        RouteCache cache = new RouteCache(10_000);
        cache.put("TESTDB", true, "select 1", new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        assertThat(cache.get("TESTDB", true, "select 1")).isEqualTo(new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        assertThat(cache.get("OTHER", true, "select 1")).isNull();
        assertThat(cache.get(null, true, "select 1")).isNull();
        cache.clear();
        assertThat(cache.get("TESTDB", true, "select 1")).isNull();
    }

    @Test
    void aTextWithABackslashHasAPlanPerEscapingMode() {
        RouteCache cache = new RouteCache(10_000);
        String backslash = "select * from t where code = 'a\\\\b'";
        cache.put("TESTDB", true, backslash, new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        assertThat(cache.get("TESTDB", true, backslash)).isNotNull();
        assertThat(cache.get("TESTDB", false, backslash)).isNull();   // NO_BACKSLASH_ESCAPES reads another value

        cache.put("TESTDB", false, "select 1", new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        assertThat(cache.get("TESTDB", true, "select 1")).isNotNull(); // no backslash: one plan serves both modes
    }

    @Test
    void staysWithinItsBound() {
        RouteCache cache = new RouteCache(1_000);
        for (int i = 0; i < 1_000; i++) {
            cache.put("TESTDB", true, "select " + i, new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        }
        assertThat(cache.size()).isLessThan(1_000);
    }

    @Test
    void countsLookupsHitsAndPutsForShowCache() {
        RouteCache cache = new RouteCache(10_000);
        long before = System.currentTimeMillis();
        cache.get("TESTDB", true, "select 1");
        cache.put("TESTDB", true, "select 1", new RouteCache.Entry(StatementType.SELECT, ROUTE, List.of(), false));
        cache.get("TESTDB", true, "select 1");
        cache.get("TESTDB", true, "select 1");
        CacheCounters counters = cache.counters();
        assertThat(counters.accesses()).isEqualTo(3);
        assertThat(counters.hits()).isEqualTo(2);
        assertThat(counters.puts()).isEqualTo(1);
        assertThat(counters.lastAccessMillis()).isBetween(before, System.currentTimeMillis());
        assertThat(counters.lastPutMillis()).isBetween(before, counters.lastAccessMillis());
        assertThat(cache.chars()).isEqualTo("select 1".length() + 64);
        assertThat(cache.maxChars()).isEqualTo(10_000);
    }
}
