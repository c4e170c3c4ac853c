package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.config.ConfigLoader;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.proxy.topology.ModelMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Hundreds of statements routed on MyCat's classic configuration (travelrecord by id ranges, company and hotnews by
 * id mod 3, employee and customer by sharding_id through a map file, orders and order_items as ER children, goods
 * global, TESTDB without a default node), each checked against nodes the test computes itself from the rules.
 */
class RoutingTableTest {

    private static Router router;
    private final SqlParser parser = new SqlParser();

    @BeforeAll
    static void loadMycatsClassicConf() throws URISyntaxException {
        Path dir = Path.of(RoutingTableTest.class.getResource("/config/mycat-1.5-classic/schema.xml").toURI())
                .getParent();
        router = new Router(ModelMapper.catalog(ConfigLoader.load(dir)));
    }

    /** autopartition-long.txt: 0-500M=0, 500M-1000M=1, 1000M-1500M=2, with M = 10,000; -1 outside. */
    private static int travelrecordNode(long id) {
        if (id >= 0 && id <= 5_000_000) {
            return 0;
        }
        if (id > 5_000_000 && id <= 10_000_000) {
            return 1;
        }
        return id > 10_000_000 && id <= 15_000_000 ? 2 : -1;
    }

    private static final String[] TRAVELRECORD_NODES = {"dn1", "dn2", "dn3"};
    private static final String[] COMPANY_NODES = {"dn3", "dn2", "dn1"};
    private static final String[] HOTNEWS_NODES = {"dn1", "dn2", "dn3"};

    private static final long[] IDS = {0, 1, 2, 3, 7, 42, 99, 4_999_999, 5_000_000, 5_000_001, 7_777_777, 9_999_999,
        10_000_000, 10_000_001, 12_345_678, 14_999_999, 15_000_000};

    /**
     * Expected outcome: the set of nodes, or null for a refusal (an error the client gets); for a split INSERT, the
     * row each node's statement must hold (and no other).
     */
    private record Case(String sql, TreeSet<String> nodes, Map<String, String> rowByNode) {
    }

    private final List<Case> cases = new ArrayList<>();

    private void expect(String sql, String... nodes) {
        cases.add(new Case(sql, new TreeSet<>(List.of(nodes)), Map.of()));
    }

    private void expectSplit(String sql, String nodeA, String rowA, String nodeB, String rowB) {
        cases.add(new Case(sql, new TreeSet<>(List.of(nodeA, nodeB)), Map.of(nodeA, rowA, nodeB, rowB)));
    }

    private void refused(String sql) {
        cases.add(new Case(sql, null, Map.of()));
    }

    @TestFactory
    List<DynamicTest> everyStatementReachesTheNodesTheRulesGive() {
        for (long id : IDS) {
            int tr = travelrecordNode(id);
            for (String shape : List.of("select * from travelrecord where id = %d",
                    "select fee from travelrecord t where t.id = '%d' and t.days > 3",
                    "update travelrecord set fee = fee + 1 where id = %d", "delete from travelrecord where id = %d",
                    "insert into travelrecord (id, user_id, fee) values (%d, 'u', 1)")) {
                String sql = String.format(shape, id);
                if (tr < 0) {
                    refused(sql);
                } else {
                    expect(sql, TRAVELRECORD_NODES[tr]);
                }
            }
            expect(String.format("select * from company where id = %d", id), COMPANY_NODES[(int) (id % 3)]);
            expect(String.format("select * from hotnews where id = %d", id), HOTNEWS_NODES[(int) (id % 3)]);
            expect(String.format("delete from hotnews where id = -%d", id), HOTNEWS_NODES[(int) (id % 3)]);
            expect(String.format("insert into company (id, name) values (%d, 'c')", id),
                    COMPANY_NODES[(int) (id % 3)]);
        }
        for (int a = 0; a < 6; a++) {
            for (int b = 0; b < 6; b++) {
                expect("select * from hotnews where id in (" + a + ", " + b + ")", HOTNEWS_NODES[a % 3],
                        HOTNEWS_NODES[b % 3]);
                expect("select * from hotnews where id = " + a + " or id = " + b, HOTNEWS_NODES[a % 3],
                        HOTNEWS_NODES[b % 3]);
                String insert = "insert into hotnews (id, title) values (" + a + ", 'x'), (" + b + ", 'y')";
                if (a % 3 == b % 3) {
                    expect(insert, HOTNEWS_NODES[a % 3]);
                } else {
                    expectSplit(insert, HOTNEWS_NODES[a % 3], "(" + a + ", 'x')", HOTNEWS_NODES[b % 3],
                            "(" + b + ", 'y')");
                }
                expect("select * from hotnews where id = " + a + " and title = 'x' and (id = " + a + " or id = " + b
                        + ")", HOTNEWS_NODES[a % 3]);
            }
        }
        for (String table : List.of("employee", "customer")) {
            expect("select * from " + table + " where sharding_id = 10000", "dn1");
            expect("select * from " + table + " where sharding_id = '10010'", "dn2");
            expect("select * from " + table + " where sharding_id in (10000, 10010)", "dn1", "dn2");
            expectSplit("insert into " + table + " (id, sharding_id) values (1, 10000), (2, 10010), (3, 10000)",
                    "dn1", "(3, 10000)", "dn2", "(2, 10010)");
            expect("select * from " + table + " where name = 'x'", "dn1", "dn2");
            refused("insert into " + table + " (id, sharding_id) values (1, 12345)");
            refused("update " + table + " set sharding_id = 10010 where id = 1");
        }
        // travelrecord ranges
        expect("select * from travelrecord where id between 1 and 100", "dn1");
        expect("select * from travelrecord where id between 4999990 and 5000010", "dn1", "dn2");
        expect("select * from travelrecord where id >= 6000000 and id < 7000000", "dn2");
        expect("select * from travelrecord where id > 100", "dn1", "dn2", "dn3");
        // global and default-less schema
        expect("select * from goods", "dn1", "dn2");
        expect("insert into goods (id, name) values (1, 'g')", "dn1", "dn2");
        expect("select * from goods g join hotnews h on g.id = h.goods_id where h.id = 4", "dn2");
        refused("select * from goods g join hotnews h on g.id = h.goods_id where h.id = 5");
        refused("select * from no_such_table");
        // joins of sharded tables
        expect("select * from customer c join orders o on o.customer_id = c.id where c.sharding_id = 10000", "dn1");
        expect("select * from customer c join customer_addr a on a.customer_id = c.id", "dn1", "dn2");
        refused("select * from customer c join orders o on o.id = c.id");
        refused("select * from travelrecord t join hotnews h on t.id = h.id");
        // joined on the sharding column, each restricted to another node: no row can match, and one node says so
        expect("select * from employee e, customer c where e.sharding_id = c.sharding_id and e.id = 1 and c.id = 2"
                + " and e.name = c.name and e.sharding_id = 10000 and c.sharding_id = 10010", "dn1");
        // schema qualifiers and DDL
        expect("select * from TESTDB.hotnews where id = 2", "dn3");
        expect("alter table hotnews add column x int", "dn1", "dn2", "dn3");
        expect("truncate table company", "dn1", "dn2", "dn3");
        refused("create table brand_new (id int)");

        List<DynamicTest> tests = new ArrayList<>();
        Map<String, Case> unique = new LinkedHashMap<>();
        cases.forEach(c -> unique.putIfAbsent(c.sql(), c));
        for (Case c : unique.values()) {
            tests.add(DynamicTest.dynamicTest(c.sql(), () -> check(c)));
        }
        assertThat(tests).hasSizeGreaterThan(300);
        return tests;
    }

    private void check(Case c) {
        Route route;
        try {
            route = router.route(parser.parse(c.sql()), new RouteContext("TESTDB")).route();
        } catch (RouteException e) {
            assertThat(c.nodes()).as("refused: " + e.getMessage()).isNull();
            return;
        }
        assertThat(c.nodes()).as("expected a refusal, got " + route.describe()).isNotNull();
        TreeSet<String> nodes = new TreeSet<>();
        for (ShardStatement shard : route.shards()) {
            nodes.add(shard.dataNode());
            checkSql(c, route, shard);
        }
        assertThat(nodes).as(route.describe()).isEqualTo(c.nodes());
    }

    /** What each node runs: the client's text when nothing needs changing, and every change MyCat would make. */
    private static void checkSql(Case c, Route route, ShardStatement shard) {
        String sql = c.sql();
        String sent = shard.sql();
        if (sql.contains("TESTDB.")) {
            assertThat(sent).as("schema qualifier stripped").doesNotContain("TESTDB");
        } else if (!c.rowByNode().isEmpty()) {
            String row = c.rowByNode().get(shard.dataNode());
            assertThat(sent).as("rows of " + shard.dataNode()).contains(row);
            c.rowByNode().values().stream().filter(other -> !other.equals(row))
                    .forEach(other -> assertThat(sent).as("rows of " + shard.dataNode()).doesNotContain(other));
        } else if (route.shards().size() > 1 && !route.replicated() && sql.startsWith("select")
                && !sql.contains(" limit ")) {
            assertThat(sent).as("sqlMaxLimit 100 added").endsWith("LIMIT 100");
        } else {
            assertThat(sent).as("sent as written").isEqualTo(sql);
        }
    }
}
