package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.Fuzz;
import io.tessera.protocol.error.TesseraException;
import io.tessera.router.parse.LoadDataTree;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fuzzes parsing and routing with random and mutated SQL (issue 18): the only exceptions that may leave are
 * {@link TesseraException}s (RouteException among them), which the front end answers with an ERR; an NPE, a
 * ClassCastException or an IndexOutOfBoundsException would be a bug. Seeds are statements of the routing tests;
 * tries and seed: {@link Fuzz}.
 */
class RouterFuzzTest {

    static final List<String> SEEDS = List.of(
            "select * from company where id = 1",
            "select * from company c join goods g on c.id = g.cid",
            "select * from hotnews h join region r on h.r = r.id",
            "select * from orders o where o.id in (2, 4) and status = 1",
            "select * from orders where id = 1 or id = 2",
            "select * from orders where id = 0x10 order by status desc limit 3, 5",
            "select status, count(*), sum(id), avg(id), max(id) from orders group by status having count(*) > 1",
            "select distinct status from orders order by 1",
            "select o.id, i.item_id from orders o join order_items i on o.id = i.order_id where o.id = 3",
            "select * from orders where id = (select max(id) from payments)",
            "select * from orders where exists (select 1 from region where region.id = orders.id)",
            "select * from orders union all select * from orders where id = 2",
            "select id from orders for update",
            "select * from TESTDB.orders where id between 1 and 10",
            "SELECT /*!40001 SQL_NO_CACHE */ * FROM `orders`",
            "insert into orders (id, status) values (1, 'a'), (2, 'b'), (3, 'c')",
            "insert into orders values (3, 'a'), (4, 'b')",
            "insert into orders (id) select id from hotnews",
            "insert into order_items (item_id, order_id) values (10, 3)",
            "insert into item_notes (note_id, item_id) values (1, 10), (2, 11), (3, 10)",
            "insert into orders (id, status) values (5, 'x') on duplicate key update status = 'y'",
            "replace into orders (id) values (7)",
            "update orders set status = 2 where id = 3",
            "update orders set id = 4 where id = 3",
            "delete from orders where id = 7 limit 1",
            "delete from region where id = 1",
            "create table fresh (id int)",
            "create index idx_status on orders (status)",
            "alter table region add column x int",
            "drop table company",
            "truncate table orders",
            "SHOW FULL COLUMNS FROM `orders` FROM `TESTDB` LIKE '%'",
            "show create table orders",
            "LOCK TABLES `orders` READ /*!32311 LOCAL */,`company` READ /*!32311 LOCAL */",
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE orders (@id, name) SET id = @id",
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE orders FIELDS TERMINATED BY ',' ENCLOSED BY '\"' IGNORE 1 LINES",
            "explain select * from orders where id = 1",
            "prepare s from 'select * from orders where id = ?'",
            "/*!mycat:sql=select 1 from orders where id = 2*/ select * from orders",
            "set autocommit = 0",
            "select @@version_comment limit 1");

    /** Tokens and fragments that tend to reach unusual parser and router paths. */
    private static final List<String> FRAGMENTS = List.of(" ", "(", ")", ",", "'", "\"", "`", "?", "*", ";", "--",
            "/*", "*/", "/*!", "\\", "=", " or ", " and ", " not ", " null", " in (", " between ", " like ", " is ",
            " select ", " from ", " where ", " orders", " order_items", " region", " id", " order_id", " limit ",
            " union ", " join ", " on ", " group by ", " order by ", " having ", " values ", " set ", " into ",
            " 1", " -1", " 0x", " 99999999999999999999999", " 1e308", " 'a'", " @x", " @@x", " TESTDB.", " dual",
            "\u00e9", "\ufffd", "\u0000", "\ud83d\ude00", "\u4e2d");

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(RouterTest.catalog());

    @Test
    void onlyTesseraExceptionsEscapeParsingAndRouting() {
        Fuzz.forAll(c -> {
            String sql = switch (c.weighted(6, 2, 1, 1)) {
                case 0 -> SqlFuzz.mutate(c, c.oneOf("seed", SEEDS), FRAGMENTS, 4);
                case 1 -> SqlFuzz.soup(c, FRAGMENTS, 16);
                case 2 -> SqlFuzz.text(c, "abcdefghijklmnopqrstuvwxyz0123456789 ,.()'\"`*=<>?;-+/\\@#\n\t", 60);
                default -> c.oneOf("seed", SEEDS);
            };
            try {
                route(sql);
            } catch (TesseraException expected) {
                assertThat(expected.errorCode()).isPositive();
            }
        });
    }

    /** Inputs that a longer run (-Dtessera.fuzz.tries=200000) found escaping as other exceptions, kept as tests. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "select * from orders union all select * from orders @ | 1235",
        "select * from orders where id = 0x\ud83d\ude0010 | 1064",
        "select * from orders where id = 99999999999999999999999 | 0"})
    void inputsThatOnceEscapedAreAnsweredOrRefused(String sql, int errorCode) {
        try {
            route(sql);
            assertThat(errorCode).as("routed").isZero();
        } catch (TesseraException e) {
            assertThat(e.errorCode()).isEqualTo(errorCode);
        }
    }

    /** What the front end does with a statement: parse, learn the facts the router asks for, route. */
    void route(String sql) {
        ParsedStatement statement = parser.parse(sql);
        RouteContext context = new RouteContext("TESTDB", (schema, table) -> List.of("id", "order_id", "item_id",
                "status", "user_id"), (schema, table, key, value) -> 0);
        router.columnOrderNeeded(statement, context);
        router.parentRowsNeeded(statement, context);
        if (statement.ast() instanceof LoadDataTree tree && tree.load().local()) {
            router.routeLoad(tree.load(), context); // the file streams through the pipeline: no plan
            return;
        }
        router.route(statement, context).route().describe();
    }
}
