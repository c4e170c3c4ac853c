package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import org.junit.jupiter.api.Test;

class RouteCacheTest {

    private static final Route ROUTE = Route.single(new ShardStatement("dn1", "select 1", false));

    @Test
    void findsAPlanBySchemaAndTextOnly() {
        RouteCache cache = new RouteCache(10_000);
        cache.put("TESTDB", "select 1", StatementType.SELECT, ROUTE);
        assertThat(cache.get("TESTDB", "select 1")).isEqualTo(new RouteCache.Entry(StatementType.SELECT, ROUTE));
        assertThat(cache.get("OTHER", "select 1")).isNull();
        assertThat(cache.get(null, "select 1")).isNull();
        cache.clear();
        assertThat(cache.get("TESTDB", "select 1")).isNull();
    }

    @Test
    void staysWithinItsBound() {
        RouteCache cache = new RouteCache(1_000);
        for (int i = 0; i < 1_000; i++) {
            cache.put("TESTDB", "select " + i, StatementType.SELECT, ROUTE);
        }
        assertThat(cache.size()).isLessThan(1_000);
    }
}
