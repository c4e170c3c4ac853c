package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.LoadDataTree;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadRoutingTest {

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", List.of(
            new LogicalTable("orders", TableKind.SHARDED, List.of("dn1", "dn2"),
                    new ShardingRule("id", TestFunctions.mod(2)), null),
            new LogicalTable("items", TableKind.SHARDED, List.of("dn1", "dn2"), null,
                    new ErParent("orders", "order_id", "id")),
            new LogicalTable("region", TableKind.GLOBAL, List.of("dn1", "dn2")))))));
    private final RouteContext context = new RouteContext("TESTDB", (schema, table) -> List.of("x", "id", "y"));

    @Test
    void aShardedTablesRowsArePlacedByTheirKeyField() {
        LoadRoute route = route("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders (name, id)");
        assertThat(route.placesRows()).isTrue();
        assertThat(route.nodes()).containsExactly("dn1", "dn2");
        assertThat(route.nodeOf(SqlValue.of("7"), 1)).isEqualTo(1);
        assertThat(route.nodeOf(SqlValue.of("8"), 2)).isZero();
        assertThatThrownBy(() -> route.nodeOf(null, 3)).hasMessageContaining("row 3 of the file has no field");
    }

    @Test
    void withoutAColumnListTheTablesOrderPlacesTheKey() {
        ParsedStatement load = parser.parse("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders");
        assertThat(router.columnOrderNeeded(load, new RouteContext("TESTDB")))
                .isEqualTo(new ColumnOrderNeeded("TESTDB", "orders", "dn1"));
        assertThat(router.columnOrderNeeded(load, context)).isNull();
        assertThat(route("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders").splitter()).isNotNull();
    }

    @Test
    void globalAndUnshardedTablesTakeTheWholeFile() {
        assertThat(route("LOAD DATA LOCAL INFILE 'f' INTO TABLE region").placesRows()).isFalse();
        assertThat(route("LOAD DATA LOCAL INFILE 'f' INTO TABLE region").replicated()).isTrue();
        LoadRoute unlisted = route("LOAD DATA LOCAL INFILE 'f' INTO TABLE TESTDB.notes IGNORE 1 LINES");
        assertThat(unlisted.nodes()).containsExactly("dn1");
        assertThat(unlisted.nodeStatement()).contains("INTO TABLE `notes`", "IGNORE 1 LINES");
    }

    @Test
    void whatCannotBePlacedExactlyIsRefused() {
        assertRefused("LOAD DATA LOCAL INFILE 'f' INTO TABLE items", "ER parent rows");
        assertRefused("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders (@id, name) SET id = @id", "cannot SET");
        assertRefused("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders (name)", "must load its sharding column id");
        assertRefused("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders CHARACTER SET gbk", "CHARACTER SET gbk");
        assertRefused("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders FIELDS TERMINATED BY ''", "terminators");
        assertThatThrownBy(() -> router.route(parser.parse("LOAD DATA INFILE 'f' INTO TABLE orders"), context))
                .hasMessageContaining("use LOAD DATA LOCAL INFILE");
        assertThat(router.route(parser.parse("LOAD DATA INFILE '/f' INTO TABLE TESTDB.notes"), context).route()
                .describe()).isEqualTo("Route dn1: LOAD DATA INFILE '/f' INTO TABLE `notes` FIELDS TERMINATED BY"
                + " X'09' ENCLOSED BY '' ESCAPED BY X'5c' LINES STARTING BY '' TERMINATED BY X'0a'");
    }

    @Test
    void theStatementIsALoad() {
        ParsedStatement load = parser.parse("LOAD DATA LOCAL INFILE 'f' INTO TABLE orders");
        assertThat(load.type()).isEqualTo(StatementType.LOAD_DATA);
        assertThat(load.tables()).hasSize(1);
        assertThat(load.ast()).isInstanceOf(LoadDataTree.class);
    }

    private LoadRoute route(String sql) {
        return router.routeLoad(((LoadDataTree) parser.parse(sql).ast()).load(), context);
    }

    private void assertRefused(String sql, String message) {
        assertThatThrownBy(() -> route(sql)).isInstanceOfSatisfying(RouteException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1235);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
