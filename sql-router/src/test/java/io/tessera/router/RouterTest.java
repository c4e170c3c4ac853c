package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.shape.ShapeChecks;
import java.util.List;
import org.junit.jupiter.api.Test;

public class RouterTest {

    private static final ShardingFunction MOD2 = TestFunctions.mod(2);
    private static final ShardingFunction OTHER_MOD2 = TestFunctions.mod(2);

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(catalog());

    /** Single-node, global, sharded and ER child tables in TESTDB, and NODEFAULT without a default node. */
    public static SchemaCatalog catalog() {
        return new SchemaCatalog(List.of(
                LogicalSchema.of("TESTDB", "dn1", List.of(
                        new LogicalTable("company", TableKind.SINGLE_NODE, List.of("dn2")),
                        new LogicalTable("goods", TableKind.SINGLE_NODE, List.of("dn2")),
                        new LogicalTable("hotnews", TableKind.SINGLE_NODE, List.of("dn3")),
                        new LogicalTable("region", TableKind.GLOBAL, List.of("dn1", "dn2", "dn3")),
                        new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2"),
                                new ShardingRule("id", MOD2), null),
                        new LogicalTable("order_items", TableKind.SHARDED, List.of("dn1", "dn2"),
                                new ShardingRule("order_id", MOD2), new ErParent("orders", "order_id", "id")),
                        new LogicalTable("item_notes", TableKind.SHARDED, List.of("dn1", "dn2"), null,
                                new ErParent("order_items", "item_id", "item_id")),
                        new LogicalTable("payments", TableKind.SHARDED, List.of("dn1", "dn2"),
                                new ShardingRule("order_id", MOD2), null),
                        new LogicalTable("users", TableKind.SHARDED, List.of("dn1", "dn2"),
                                new ShardingRule("user_id", OTHER_MOD2), null))),
                LogicalSchema.of("NODEFAULT", null, List.of(
                        new LogicalTable("only", TableKind.SINGLE_NODE, List.of("dn3"))))));
    }

    private String plan(String sql) {
        return ShapeChecks.route(router, parser, sql, new RouteContext("TESTDB")).route().describe();
    }

    @Test
    void routesATableToItsNodeWithTheSqlUnchanged() {
        assertThat(plan("select * from company where id = 1"))
                .isEqualTo("Route dn2: select * from company where id = 1");
    }

    @Test
    void tablesNotListedGoToTheDefaultNode() {
        assertThat(plan("insert into unlisted values (1)")).isEqualTo("Route dn1: insert into unlisted values (1)");
    }

    @Test
    void joinOfTablesOnOneNodeRunsThere() {
        assertThat(plan("select * from company c join goods g on c.id = g.cid"))
                .isEqualTo("Route dn2: select * from company c join goods g on c.id = g.cid");
    }

    @Test
    void joinWithAGlobalTableRunsOnTheOtherTablesNode() {
        assertThat(plan("select * from hotnews h join region r on h.r = r.id"))
                .startsWith("Route dn3: ");
    }

    @Test
    void readOfAGlobalTableUsesOneNodeAndAWriteUsesAll() {
        assertThat(plan("select * from region"))
                .isEqualTo("Route (replicated) dn1: select * from region; dn2: select * from region;"
                        + " dn3: select * from region");
        assertThat(plan("delete from region where id = 1"))
                .isEqualTo("Route (replicated) dn1: delete from region where id = 1;"
                        + " dn2: delete from region where id = 1; dn3: delete from region where id = 1");
    }

    @Test
    void crossNodeJoinIsRefusedNamingTheTables() {
        assertThatThrownBy(() -> plan("select * from company c join hotnews h on c.id = h.id"))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).contains("TESTDB.company", "TESTDB.hotnews");
                });
    }

    @Test
    void shardingValuesPickTheirNodes() {
        assertThat(plan("select * from orders where id = 3")).isEqualTo("Route dn2: select * from orders where id = 3");
        assertThat(plan("select * from orders where id = '4'")).startsWith("Route dn1: ");
        assertThat(plan("select * from orders o where o.id in (2, 4) and status = 1")).startsWith("Route dn1: ");
        assertThat(plan("select * from orders where id = 1 or id = 2")).startsWith("Route dn1: ").contains("; dn2: ");
        assertThat(plan("select * from orders where id = -3")).startsWith("Route dn2: ");
        assertThat(plan("select * from orders where id = 0x10")).startsWith("Route dn1: ");
        assertThat(plan("delete from orders where id = 7")).startsWith("Route dn2: ");
    }

    @Test
    void sqlMaxLimitCapsSelectsOverSeveralNodesThatHaveNoLimit() {
        Router limited = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", 100, List.of(
                new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2"), new ShardingRule("id", MOD2),
                        null),
                new LogicalTable("raw", TableKind.SHARDED, List.of("dn1", "dn2"), new ShardingRule("id", MOD2),
                        null, false))))));
        assertThat(limited.route(parser.parse("select * from orders where status = 1"), new RouteContext("TESTDB"))
                .route().describe()).isEqualTo("Route dn1: SELECT * FROM orders WHERE status = 1 LIMIT 100;"
                        + " dn2: SELECT * FROM orders WHERE status = 1 LIMIT 100");
        assertThat(limited.route(parser.parse("select * from orders limit 5"), new RouteContext("TESTDB"))
                .route().describe()).endsWith("limit 5");
        assertThat(limited.route(parser.parse("select * from orders where id = 1"), new RouteContext("TESTDB"))
                .route().describe()).isEqualTo("Route dn2: select * from orders where id = 1");
        assertThat(limited.route(parser.parse("select * from raw"), new RouteContext("TESTDB")).route().describe())
                .doesNotContain("LIMIT");
    }

    @Test
    void showAboutALogicalTableGoesToItsFirstNodeWithoutTheLogicalSchema() {
        assertThat(plan("SHOW FULL COLUMNS FROM `orders` FROM `TESTDB` LIKE '%'"))
                .isEqualTo("Route dn1: SHOW FULL COLUMNS FROM `orders` LIKE '%'");
        assertThat(plan("show index from orders from TESTDB")).isEqualTo("Route dn1: SHOW INDEX FROM orders");
        assertThat(plan("show create table TESTDB.orders")).isEqualTo("Route dn1: SHOW CREATE TABLE orders");
        assertThat(plan("show columns from orders from information_schema")).contains("information_schema");
    }

    @Test
    void aSelectSayingSqlNoCacheAsMysqldumpDoesGetsNoSqlMaxLimit() {
        Router limited = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", 100, List.of(
                new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2"), new ShardingRule("id", MOD2),
                        null))))));
        for (String dump : List.of("SELECT /*!40001 SQL_NO_CACHE */ * FROM `orders`",
                "select sql_no_cache * from orders")) {
            assertThat(limited.route(parser.parse(dump), new RouteContext("TESTDB")).route().describe())
                    .as(dump).startsWith("Route dn1: ").contains("; dn2: ").doesNotContain("LIMIT");
        }
        assertThat(limited.route(parser.parse("select sql_cache * from orders"), new RouteContext("TESTDB"))
                .route().describe()).contains("LIMIT 100");
    }

    @Test
    void theSessionsSqlSelectLimitCapsAMergeOnceOnTop() {
        RouteContext selectLimit0 = new RouteContext("TESTDB", TableColumns.UNKNOWN, ParentLocator.UNKNOWN, 0);
        assertThat(mergeSteps(router.route(parser.parse("select id from orders order by id"), selectLimit0)))
                .contains("Limit 0, 0"); // 0 is no rows at all, as in MySQL
        RouteContext selectLimit2 = new RouteContext("TESTDB", TableColumns.UNKNOWN, ParentLocator.UNKNOWN, 2);
        PlanNode plan = router.route(parser.parse("select id from orders order by id"), selectLimit2);
        assertThat(mergeSteps(plan)).contains("Limit 0, 2");
        assertThat(plan.route().describe()).contains("LIMIT 2");
        assertThat(mergeSteps(router.route(parser.parse("select id from orders order by id limit 5"), selectLimit2)))
                .contains("Limit 0, 5"); // the statement's own LIMIT wins, as in MySQL
        // one node applies sql_select_limit itself: the statement goes as written
        assertThat(router.route(parser.parse("select * from orders where id = 1"), selectLimit2).route()
                .describe()).isEqualTo("Route dn2: select * from orders where id = 1");
    }

    private static List<String> mergeSteps(PlanNode plan) {
        List<String> steps = new java.util.ArrayList<>();
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            steps.add(step.describe());
        }
        return steps;
    }

    @Test
    void aLongSelectRoutesFromItsWhereAndIsRewrittenWhole() {
        StringBuilder columns = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            columns.append(i == 0 ? "" : ", ").append("o.column_").append(i);
        }
        String point = "select " + columns + " from orders o where o.id = 3";
        assertThat(plan(point)).isEqualTo("Route dn2: " + point);
        String qualified = "select " + columns + " from TESTDB.orders o where o.id = 3";
        assertThat(plan(qualified)).startsWith("Route dn2: SELECT o.column_0, o.column_1").contains("FROM orders o");
        Router limited = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", 100, List.of(
                new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2"), new ShardingRule("id", MOD2),
                        null))))));
        String scan = "select " + columns + " from orders o where o.status = 1";
        assertThat(limited.route(parser.parse(scan), new RouteContext("TESTDB")).route().describe())
                .contains("o.column_399", "LIMIT 100; dn2: SELECT o.column_0");
    }

    @Test
    void withoutAShardingValueEveryNodeIsRouted() {
        assertThat(plan("select * from orders where status = 1"))
                .isEqualTo("Route dn1: select * from orders where status = 1;"
                        + " dn2: select * from orders where status = 1");
        assertThat(plan("select * from orders where id > 3")).contains("dn1: ", "dn2: ");
        assertThat(plan("update orders set status = 2 where id = 5 or status = 1")).contains("dn1: ", "dn2: ");
    }

    @Test
    void aMultiRowInsertIsSplitSoEachNodeGetsOnlyItsRows() {
        assertThat(plan("insert into orders (id, status) values (1, 'a'), (2, 'b'), (3, 'c')"))
                .isEqualTo("Route dn2: INSERT INTO orders (id, status) VALUES (1, 'a'), (3, 'c');"
                        + " dn1: INSERT INTO orders (id, status) VALUES (2, 'b')");
        assertThat(plan("insert into orders (status, id) values ('a', 5), ('b', 7)"))
                .isEqualTo("Route dn2: insert into orders (status, id) values ('a', 5), ('b', 7)");
    }

    @Test
    void sqlPrepareIsAllowedOnlyForAStatementThatBelongsWhereItRuns() {
        // PREPARE, EXECUTE and DEALLOCATE name no table: they run on the default node, dn1
        assertThat(plan("prepare s from 'select * from unlisted where id = ?'"))
                .isEqualTo("Route dn1: prepare s from 'select * from unlisted where id = ?'");
        assertThat(plan("prepare s from 'select ? + 1'")).startsWith("Route dn1: ");
        for (String sql : List.of("prepare s from 'select * from orders where id = ?'",
                "prepare s from 'select * from company'", "prepare s from 'select * from TESTDB.unlisted'",
                "prepare s from @text")) {
            assertThatThrownBy(() -> plan(sql)).as(sql)
                    .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
        }
        assertThat(parser.parse("create temporary table t (x int)").bindsConnection()).isTrue();
        assertThat(parser.parse("execute s using @a").bindsConnection()).isTrue();
        assertThat(parser.parse("select get_lock('x', 1)").bindsConnection()).isTrue();
        assertThat(parser.parse("create table t (x int)").bindsConnection()).isFalse();
        assertThat(parser.parse("select 'get lock' from t").bindsConnection()).isFalse();
    }

    @Test
    void aReplaceIsPlacedByItsRowsAsAnInsertIs() {
        // a REPLACE on every node would leave a copy of the row on each
        assertThat(plan("replace into orders (id, status) values (3, 'c')"))
                .isEqualTo("Route dn2: replace into orders (id, status) values (3, 'c')");
        assertThat(plan("replace into orders set id = 4, status = 'd'"))
                .isEqualTo("Route dn1: replace into orders set id = 4, status = 'd'");
        assertThat(plan("replace into orders (id, status) values (1, 'a'), (2, 'b')"))
                .isEqualTo("Route dn2: REPLACE INTO orders (id, status) VALUES (1, 'a'); dn1: REPLACE INTO orders"
                        + " (id, status) VALUES (2, 'b')");
        assertThat(plan("replace into order_items (item_id, order_id) values (10, 3)")).startsWith("Route dn2: ");
        for (String sql : List.of("replace into orders (status) values ('a')",
                "replace into orders (id) select id from hotnews")) {
            assertThatThrownBy(() -> plan(sql)).as(sql)
                    .isInstanceOfSatisfying(RouteException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).startsWith("REPLACE");
                    });
        }
    }

    @Test
    void anErChildInsertFollowsItsParentsShardingValue() {
        assertThat(plan("insert into order_items (item_id, order_id) values (10, 3)")).startsWith("Route dn2: ");
    }

    @Test
    void aDeeperErChildIsPlacedWhereItsParentRowsAre() {
        String sql = "insert into item_notes (note_id, item_id) values (1, 10), (2, 11), (3, 10)";
        assertThat(router.parentRowsNeeded(parser.parse(sql), new RouteContext("TESTDB")))
                .satisfies(e -> {
                    assertThat(e.parentTable()).isEqualTo("order_items");
                    assertThat(e.parentKey()).isEqualTo("item_id");
                    assertThat(e.values()).containsExactly("10", "11");
                    assertThat(e.dataNodes()).containsExactly("dn1", "dn2");
                });
        assertThatThrownBy(() -> plan(sql)).isInstanceOf(IllegalStateException.class); // route only what is known
        ParentLocator found = (schema, table, key, value) -> value.equals("10") ? 1 : 0;
        assertThat(router.parentRowsNeeded(parser.parse(sql), new RouteContext("TESTDB", TableColumns.UNKNOWN,
                found))).isNull();
        assertThat(router.route(parser.parse(sql), new RouteContext("TESTDB", TableColumns.UNKNOWN, found))
                .route().describe()).isEqualTo("Route dn2: INSERT INTO item_notes (note_id, item_id) VALUES (1, 10),"
                        + " (3, 10); dn1: INSERT INTO item_notes (note_id, item_id) VALUES (2, 11)");
    }

    @Test
    void insertsThatCannotBePlacedAreRefused() {
        assertThatThrownBy(() -> plan("insert into orders")) // Druid reads it; MySQL does not
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1064));
        for (String sql : List.of("insert into orders (status) values ('a')",
                "insert into orders (id) values (now())", "insert into orders (id) select id from hotnews")) {
            assertThatThrownBy(() -> plan(sql)).as(sql)
                    .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
        }
    }

    @Test
    void anInsertWithoutColumnListUsesTheTablesColumnOrderOnceKnown() {
        String sql = "insert into orders values (3, 'a'), (4, 'b')";
        assertThat(router.columnOrderNeeded(parser.parse(sql), new RouteContext("TESTDB")))
                .isEqualTo(new ColumnOrderNeeded("TESTDB", "orders", "dn1"));
        assertThat(router.columnOrderNeeded(parser.parse("insert into orders (id) values (3)"),
                new RouteContext("TESTDB"))).isNull();
        TableColumns withoutId = (schema, table) -> List.of("x", "y");
        assertThatThrownBy(() -> router.route(parser.parse(sql), new RouteContext("TESTDB", withoutId)))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
        TableColumns idFirst = (schema, table) -> List.of("id", "status");
        assertThat(router.columnOrderNeeded(parser.parse(sql), new RouteContext("TESTDB", idFirst))).isNull();
        assertThat(router.route(parser.parse(sql), new RouteContext("TESTDB", idFirst)).route().describe())
                .isEqualTo("Route dn2: INSERT INTO orders VALUES (3, 'a'); dn1: INSERT INTO orders VALUES (4, 'b')");
    }

    @Test
    void updatingTheShardingColumnIsRefusedWithTheReason() {
        assertThatThrownBy(() -> plan("update orders set id = 4 where id = 3"))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).contains("sharding column id", "another data node");
                });
    }

    @Test
    void joinsOnShardingColumnsUnderOneRuleOrAsErParentAndChildRunPerNode() {
        assertThat(plan("select * from orders o join payments p on o.id = p.order_id where o.id = 5"))
                .startsWith("Route dn2: ").doesNotContain("dn1");
        assertThat(plan("select * from orders o join order_items i on i.order_id = o.id"))
                .contains("dn1: ", "dn2: ");
        assertThat(plan("select * from orders o join region r on o.region = r.id where o.id = 2"))
                .startsWith("Route dn1: ").doesNotContain("dn2");
    }

    @Test
    void otherShardedJoinsAreRefused() {
        for (String sql : List.of("select * from orders o join payments p on o.status = p.order_id",
                "select * from orders o join users u on o.id = u.user_id",
                "select * from orders o, payments p where o.id = 1")) {
            assertThatThrownBy(() -> plan(sql)).as(sql)
                    .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
        }
    }

    @Test
    void logicalSchemaQualifiersAreStripped() {
        assertThat(plan("select * from TESTDB.company")).isEqualTo("Route dn2: SELECT * FROM company");
    }

    @Test
    void systemDatabasesPassThrough() {
        assertThat(plan("select * from information_schema.tables"))
                .isEqualTo("Route dn1: select * from information_schema.tables");
    }

    @Test
    void tableNamesMatchCaseInsensitively() {
        assertThat(plan("select * from `COMPANY`")).startsWith("Route dn2: ");
    }

    @Test
    void unknownTableWithoutDefaultNodeIs1146() {
        assertThatThrownBy(() -> router.route(parser.parse("select * from nope"), new RouteContext("NODEFAULT")))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1146);
                    assertThat(e.sqlState()).isEqualTo("42S02");
                    assertThat(e.getMessage()).isEqualTo("Table 'NODEFAULT.nope' doesn't exist");
                });
    }

    @Test
    void ddlForAnUndeclaredTableGoesToTheDefaultNodeOrIsRefused() {
        assertThat(plan("create table fresh (id int)")).isEqualTo("Route dn1: create table fresh (id int)");
        assertThat(plan("create table orders (id int)")).contains("dn1: ", "dn2: ");
        assertThat(plan("create index idx_status on orders (status)")).contains("dn1: ", "dn2: ");
        assertThat(plan("drop index idx_status on orders")).contains("dn1: ", "dn2: ");
        assertThat(plan("alter table region add column x int")).contains("dn1: ", "dn2: ", "dn3: ");
        assertThat(plan("truncate table orders")).contains("dn1: ", "dn2: ");
        assertThat(plan("drop table company")).isEqualTo("Route dn2: drop table company");
        assertThatThrownBy(() -> router.route(parser.parse("create table fresh (id int)"),
                new RouteContext("NODEFAULT")))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).contains("not in schema.xml", "no default dataNode");
                });
    }

    @Test
    void noSchemaSelectedIs1046ButTablelessStatementsRun() {
        assertThatThrownBy(() -> router.route(parser.parse("select * from company"), new RouteContext(null)))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1046));
        assertThat(router.route(parser.parse("select 1"), new RouteContext(null)).route().describe())
                .isEqualTo("Route dn1: select 1");
    }

    @Test
    void anExecutableCommentRoutesAsTheDataNodesReadIt() {
        assertThat(plan("select * from orders where /*!50000 id = 3 and */ status = 1"))
                .isEqualTo("Route dn2: select * from orders where /*!50000 id = 3 and */ status = 1");
        assertThat(router.route(parser.parse("select count(*) from orders where /*!50000 status = 1 and */ id > 0"),
                new RouteContext("TESTDB")).route().shards().get(0).sql()).contains("status = 1");
    }

    @Test
    void tablelessStatementsUseTheSchemasNode() {
        assertThat(router.route(parser.parse("select now()"), new RouteContext("NODEFAULT")).route().describe())
                .isEqualTo("Route dn3: select now()");
        assertThat(router.route(parser.parse("select 1 from dual"), new RouteContext("NODEFAULT")).route()
                .describe()).isEqualTo("Route dn3: select 1 from dual"); // DUAL is no table
    }
}
