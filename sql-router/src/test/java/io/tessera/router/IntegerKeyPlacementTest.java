package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.binary.BoundValue;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.FunctionProperties;
import io.tessera.router.function.FunctionRegistry;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shape.ShapeChecks;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A row's key for a function of integer columns (mod-long, auto-sharding-long, partition-by-long, ...) given as a
 * string or as a number with a fraction: placed only when it is a plain integer, refused (1235) otherwise, so no row
 * lands where a read by the integer MySQL stored ({@code WHERE id = 10}) does not look. Reads, UPDATEs and DELETEs by
 * such a value ask every node.
 */
class IntegerKeyPlacementTest {

    private final SqlParser parser = new SqlParser();

    /** Functions of integer columns that place key 10 on node 0 of the table's {@code nodes}. */
    static Stream<Arguments> integerFunctions() {
        return Stream.of(
                Arguments.of("mod-long", function("PartitionByMod", "count", "2"), 2),
                Arguments.of("auto-sharding-long", function("AutoPartitionByLong", "mapFile",
                        "autopartition-long.txt"), 3),
                Arguments.of("partition-by-long", function("PartitionByLong", "partitionCount", "2",
                        "partitionLength", "512"), 2));
    }

    /** Ways of writing the key that are not a plain integer: strings, fractions, and how drivers bind them. */
    private static final List<String> NOT_PLAIN_INTEGERS = List.of("'10.0'", "' 10'", "'10 '", "'1e1'", "'10abc'",
            "'abc'", "''", "'NULL'", "'0x0a'", "'\u0661\u0660'", "10.5", "-10.5", "1.05E1", "'10.5'",
            bound(new BoundValue.Text("10.0".getBytes(StandardCharsets.UTF_8))),
            bound(new BoundValue.Text(" 10".getBytes(StandardCharsets.UTF_8))),
            bound(new BoundValue.Float64(10.5)), bound(new BoundValue.Decimal("10.5")));

    /** Ways of writing key 10 that are plain integers, as MySQL reads them in an integer column and as a string. */
    private static final List<String> TEN = List.of("10", "'10'", "'+10'", "'010'", "10.0", "10.00", "1E1", "0x0a",
            bound(new BoundValue.Int(10, false)), bound(new BoundValue.Float64(10.0)),
            bound(new BoundValue.Decimal("10.00")), bound(new BoundValue.Text("10".getBytes(StandardCharsets.UTF_8))));

    private static ShardingFunction function(String className, String... keyValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.put(keyValues[i], keyValues[i + 1]);
        }
        return new FunctionRegistry().create(className, new FunctionProperties("f", properties,
                IntegerKeyPlacementTest::resource));
    }

    private static Path resource(String name) {
        try {
            return Path.of(IntegerKeyPlacementTest.class.getResource("/function/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The literal a prepared statement's EXECUTE writes for the bound value, which the router then reads. */
    private static String bound(BoundValue value) {
        StringBuilder literal = new StringBuilder();
        value.appendLiteral(literal, StandardCharsets.UTF_8, true);
        return literal.toString();
    }

    /** t sharded by id; its ER child c by t_id under the same function; c's child n, placed by its parent rows. */
    private static Router router(ShardingFunction function, int nodes) {
        List<String> dataNodes = IntStream.range(0, nodes).mapToObj(i -> "dn" + i).toList();
        return new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", null, List.of(
                new LogicalTable("t", TableKind.SHARDED, dataNodes, new ShardingRule("id", function), null),
                new LogicalTable("c", TableKind.SHARDED, dataNodes, new ShardingRule("t_id", function),
                        new ErParent("t", "t_id", "id")),
                new LogicalTable("n", TableKind.SHARDED, dataNodes, null, new ErParent("c", "c_id", "id")))))));
    }

    private List<String> nodes(Router router, String sql) {
        return ShapeChecks.route(router, parser, sql, new RouteContext("TESTDB")).route().shards().stream()
                .map(ShardStatement::dataNode).toList();
    }

    private static List<String> every(int nodes) {
        return IntStream.range(0, nodes).mapToObj(i -> "dn" + i).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("integerFunctions")
    void aKeyThatIsNoPlainIntegerIsRefusedNamingTableColumnAndValue(String name, ShardingFunction function,
            int nodes) {
        Router router = router(function, nodes);
        for (String key : NOT_PLAIN_INTEGERS) {
            List<String> statements = List.of(
                    "insert into t (id, v) values (" + key + ", 1)",
                    "insert into t (id, v) values (4, 1), (" + key + ", 2)",
                    "insert into t set id = " + key + ", v = 1",
                    "insert into t (id, v) values (" + key + ", 1) on duplicate key update v = v + 1",
                    "replace into t (id, v) values (" + key + ", 1)",
                    "insert into c (id, t_id) values (1, " + key + ")");
            for (String sql : statements) {
                assertThatThrownBy(() -> nodes(router, sql)).as(sql)
                        .isInstanceOfSatisfying(RouteException.class, e -> {
                            assertThat(e.errorCode()).isEqualTo(1235);
                            assertThat(e.getMessage()).contains(" of TESTDB.", "write the key as a plain integer")
                                    .containsAnyOf("column id of TESTDB.t", "column t_id of TESTDB.c");
                        });
            }
        }
    }

    @Test
    void theRefusalQuotesTheValueAsTheRouterReadsIt() {
        Router router = router(function("PartitionByMod", "count", "2"), 2);
        assertThatThrownBy(() -> nodes(router, "insert into t (id) values (' 10')"))
                .hasMessageStartingWith("the sharding column id of TESTDB.t is given ' 10', which is not a plain"
                        + " integer");
        assertThatThrownBy(() -> nodes(router, "insert into t (id) values (" + bound(new BoundValue.Float64(10.5))
                + ")")).hasMessageContaining("is given '10.5'");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("integerFunctions")
    void everyPlainWayOfWritingTenPlacesTheRowWhereAReadByTenLooks(String name, ShardingFunction function,
            int nodes) {
        Router router = router(function, nodes);
        assertThat(nodes(router, "select * from t where id = 10")).containsExactly("dn0");
        for (String key : TEN) {
            assertThat(nodes(router, "insert into t (id, v) values (" + key + ", 1)")).as(key).containsExactly("dn0");
            assertThat(nodes(router, "replace into t (id, v) values (" + key + ", 1)")).as(key)
                    .containsExactly("dn0");
            assertThat(nodes(router, "insert into c (id, t_id) values (1, " + key + ")")).as(key)
                    .containsExactly("dn0");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("integerFunctions")
    void readsUpdatesAndDeletesByAKeyThatIsNoPlainIntegerAskEveryNode(String name, ShardingFunction function,
            int nodes) {
        Router router = router(function, nodes);
        for (String key : NOT_PLAIN_INTEGERS) {
            for (String sql : List.of("select * from t where id = " + key, "update t set v = 2 where id = " + key,
                    "delete from t where id = " + key, "select * from t where id in (10, " + key + ")")) {
                assertThat(nodes(router, sql)).as(sql).isEqualTo(every(nodes));
            }
        }
    }

    @Test
    void aNullKeyIsStillPlacedAsMycatPlacesTheTextNull() {
        Router router = router(function("PartitionByMod", "count", "2"), 2);
        int node = Math.abs("NULL".hashCode()) % 2;
        assertThat(nodes(router, "insert into t (id, v) values (null, 1)")).containsExactly("dn" + node);
        assertThatThrownBy(() -> nodes(router, "insert into t (id, v) values ('NULL', 1)"))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
    }

    /** A child placed by its parent row finds that row by the data nodes' own comparison, exact for any key. */
    @Test
    void aChildPlacedByItsParentRowLooksTheParentUpByTheKeyAsWritten() {
        Router router = router(function("PartitionByMod", "count", "2"), 2);
        String sql = "insert into n (id, c_id) values (1, '10.0'), (2, null)";
        assertThat(router.parentRowsNeeded(parser.parse(sql), new RouteContext("TESTDB")).values())
                .containsExactly("10.0", "NULL");
        List<String> asked = new ArrayList<>();
        ParentLocator located = (schema, table, key, value) -> {
            asked.add(value);
            return 1;
        };
        assertThat(router.route(parser.parse(sql), new RouteContext("TESTDB", TableColumns.UNKNOWN, located))
                .route().shards()).extracting(ShardStatement::dataNode).containsExactly("dn1");
        assertThat(asked).containsExactly("10.0", "NULL");
    }

    /** A function of string columns hashes the text as MyCat did: '10.0' is a string key of its own there. */
    @Test
    void aFunctionOfStringColumnsStillPlacesAnyString() {
        Router router = router(function("PartitionByMurmurHash", "count", "4"), 4);
        for (String key : List.of("'10.0'", "' 10'", "'abc'", "'1e1'")) {
            List<String> placed = nodes(router, "insert into t (id, v) values (" + key + ", 1)");
            assertThat(placed).as(key).hasSize(1);
            assertThat(nodes(router, "select * from t where id = " + key)).as(key).isEqualTo(placed);
        }
    }
}
