package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouterTest {

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(new SchemaCatalog(List.of(
            LogicalSchema.of("TESTDB", "dn1", List.of(
                    new LogicalTable("company", TableKind.SINGLE_NODE, List.of("dn2")),
                    new LogicalTable("goods", TableKind.SINGLE_NODE, List.of("dn2")),
                    new LogicalTable("hotnews", TableKind.SINGLE_NODE, List.of("dn3")),
                    new LogicalTable("region", TableKind.GLOBAL, List.of("dn1", "dn2", "dn3")),
                    new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2")))),
            LogicalSchema.of("NODEFAULT", null, List.of(
                    new LogicalTable("only", TableKind.SINGLE_NODE, List.of("dn3")))))));

    private String plan(String sql) {
        return router.route(parser.parse(sql), new RouteContext("TESTDB")).describe();
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
        assertThat(plan("select * from region")).isEqualTo("Route dn1: select * from region");
        assertThat(plan("delete from region where id = 1"))
                .isEqualTo("Route dn1: delete from region where id = 1; dn2: delete from region where id = 1;"
                        + " dn3: delete from region where id = 1");
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
    void shardedTablesAreRefusedUntilTheShardingRouterExists() {
        assertThatThrownBy(() -> plan("select * from orders"))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
    }

    @Test
    void logicalSchemaQualifiersAreStripped() {
        assertThat(plan("select * from TESTDB.company")).isEqualTo("Route dn2: SELECT *\nFROM company");
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
    void noSchemaSelectedIs1046ButTablelessStatementsRun() {
        assertThatThrownBy(() -> router.route(parser.parse("select * from company"), new RouteContext(null)))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1046));
        assertThat(router.route(parser.parse("select 1"), new RouteContext(null)).describe())
                .isEqualTo("Route dn1: select 1");
    }

    @Test
    void tablelessStatementsUseTheSchemasNode() {
        assertThat(router.route(parser.parse("select now()"), new RouteContext("NODEFAULT")).describe())
                .isEqualTo("Route dn3: select now()");
    }
}
