package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.config.ConfigLoader;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.parse.SqlParser;
import io.tessera.proxy.topology.ModelMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * MyCat's own shipped configurations (1.6.7.6 and the 1.5 classic set, with their map files) load, build every
 * function their tables use, and route as MyCat documents them.
 */
class MycatSampleRoutingTest {

    private final SqlParser parser = new SqlParser();

    private static Router router(String conf) throws URISyntaxException {
        Path dir = Path.of(MycatSampleRoutingTest.class.getResource("/config/" + conf + "/schema.xml").toURI())
                .getParent();
        return new Router(ModelMapper.catalog(ConfigLoader.load(dir)));
    }

    private String plan(Router router, String sql) {
        return router.route(parser.parse(sql), new RouteContext("TESTDB")).route().describe();
    }

    @Test
    void theClassicSampleRoutesByItsRules() throws URISyntaxException {
        Router router = router("mycat-1.5-classic");
        // auto-sharding-long: 0-500M=0, 500M-1000M=1, 1000M-1500M=2, where M is 10,000 in MyCat's map files
        assertThat(plan(router, "select * from travelrecord where id = 1")).startsWith("Route dn1: ");
        assertThat(plan(router, "select * from travelrecord where id = 5000000")).startsWith("Route dn1: ");
        assertThat(plan(router, "select * from travelrecord where id = 5000001")).startsWith("Route dn2: ");
        assertThat(plan(router, "select * from travelrecord where id = 14999999")).startsWith("Route dn3: ");
        // mod-long, count 3, over dn3,dn2,dn1: index i is the i-th listed node
        assertThat(plan(router, "select * from company where id = 3")).startsWith("Route dn3: ");
        assertThat(plan(router, "select * from company where id = 4")).startsWith("Route dn2: ");
        assertThat(plan(router, "select * from hotnews where id = 5")).startsWith("Route dn3: ");
        // sharding-by-intfile: partition-hash-int.txt, 10000=0, 10010=1
        assertThat(plan(router, "insert into employee (id, sharding_id) values (1, 10000), (2, 10010)"))
                .contains("dn1: ", "dn2: ");
        assertThat(plan(router, "select * from customer where sharding_id = 10010")).startsWith("Route dn2: ");
        // goods is global: a read may use either copy
        assertThat(plan(router, "select * from goods")).startsWith("Route (replicated) dn1: ");
        // orders is customer's child on customer.id, which is not customer's sharding column: its parent row is
        // looked up on the data nodes first
        assertThat(router.parentRowsNeeded(parser.parse("insert into orders (id, customer_id) values (1, 7)"),
                new RouteContext("TESTDB"))).satisfies(e -> {
                    assertThat(e.parentTable()).isEqualTo("customer");
                    assertThat(e.parentKey()).isEqualTo("id");
                    assertThat(e.values()).containsExactly("7");
                });
    }

    @Test
    void theCurrentSampleRoutesByItsRules() throws URISyntaxException {
        Router router = router("mycat-main");
        assertThat(plan(router, "select * from customer where sharding_id = 10000")).startsWith("Route dn1: ");
        assertThat(plan(router, "select * from customer where sharding_id in (10000, 10010)"))
                .contains("dn1: ", "dn2: ");
    }
}
