package io.tessera.router.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.FunctionProperties;
import io.tessera.router.function.FunctionRegistry;
import io.tessera.router.function.NodeSet;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.parse.SqlParser;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WhereNodesTest {

    private static final SqlParser PARSER = new SqlParser();

    /** AutoPartitionByLong over autopartition-long.txt: 0-5M on node 0, 5M-10M on 1, 10M-15M on 2. */
    private static final ShardingRule RANGES = rule("AutoPartitionByLong", "mapFile", "autopartition-long.txt");
    /** PartitionByMod, count 2: even keys on node 0, odd on 1; MyCat hashes a string it cannot read as an integer. */
    private static final ShardingRule MOD = rule("PartitionByMod", "count", "2");
    /** PartitionByMonth from January 2015 without end: a node per month, months before 2015 on the first. */
    private static final ShardingRule MONTHS = rule("PartitionByMonth", "sBeginDate", "2015-01-01");

    private static ShardingRule rule(String className, String... keyValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.put(keyValues[i], keyValues[i + 1]);
        }
        return new ShardingRule("k", new FunctionRegistry().create(className,
                new FunctionProperties("f", properties, WhereNodesTest::resource)));
    }

    private static Path resource(String name) {
        try {
            return Path.of(WhereNodesTest.class.getResource("/function/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static NodeSet nodes(ShardingRule rule, int nodeCount, String where) {
        SQLSelectStatement select = (SQLSelectStatement) PARSER.parse("select * from t where " + where).ast();
        return new WhereNodes(rule, nodeCount, Set.of("t"), true).of(select.getSelect().getQueryBlock().getWhere());
    }

    /** Values the integer function cannot place: MySQL reads '' as 0, 'x' as 0, 1e30 matches no row here. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"k = ''", "k = 'x'", "k = '12abc'", "k = 99999999999999999999", "k in (1, 'x')",
        "k = 'x' or k = 1", "k between 'a' and 'b'", "k > 'a' and k < 'b'", "k = 20000000"})
    void aValueTheFunctionCannotPlaceLeavesEveryNode(String where) {
        NodeSet nodes = nodes(RANGES, 3, where); // null: no constraint; the statement goes to every node
        assertThat(nodes == null ? NodeSet.all(3) : nodes).isEqualTo(NodeSet.all(3));
    }

    /** MySQL compares '10.0', ' 10' and '1e1' with an integer column as 10 (node 0), where MyCat's hash may not be. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"k = '10.0'", "k = ' 10'", "k = '1e1'", "k = '10abc'", "k in (4, '10.0')"})
    void aStringAnIntegerFunctionWouldHashLeavesEveryNodeToARead(String where) {
        NodeSet nodes = nodes(MOD, 2, where);
        assertThat(nodes == null ? NodeSet.all(2) : nodes).isEqualTo(NodeSet.all(2));
    }

    @Test
    void anIntegerStringStillNarrowsAModRead() {
        assertThat(nodes(MOD, 2, "k = '10'")).isEqualTo(NodeSet.of(2, 0));
        assertThat(nodes(MOD, 2, "k = '+11'")).isEqualTo(NodeSet.of(2, 1));
        assertThat(nodes(MOD, 2, "k = 10.0")).isEqualTo(NodeSet.of(2, 0));
    }

    @Test
    void placeableValuesStillNarrowTheRoute() {
        assertThat(nodes(RANGES, 3, "k = 1")).isEqualTo(NodeSet.of(3, 0));
        assertThat(nodes(RANGES, 3, "k = '6000000'")).isEqualTo(NodeSet.of(3, 1));
        assertThat(nodes(RANGES, 3, "k = 'x' and k = 6000000")).isEqualTo(NodeSet.of(3, 1));
        assertThat(nodes(RANGES, 3, "k in (1, 6000000, NULL)")).isEqualTo(NodeSet.of(3, 0, 1));
    }

    @Test
    void aMalformedDateLeavesEveryNodeAndAnEarlyOneIsOnTheFirst() {
        assertThat(nodes(MONTHS, 24, "k = '2015/03/04'")).isNull();
        assertThat(nodes(MONTHS, 24, "k = 'yesterday'")).isNull();
        assertThat(nodes(MONTHS, 24, "k = '2015-03-04'")).isEqualTo(NodeSet.of(24, 2));
        assertThat(nodes(MONTHS, 24, "k = '2014-03-04'")).isEqualTo(NodeSet.of(24, 0));
        assertThat(nodes(MONTHS, 24, "k between '2013-01-01' and '2014-12-31'")).isEqualTo(NodeSet.of(24, 0));
        assertThat(nodes(MONTHS, 24, "k = '2030-01-01'")).isNull(); // month 180: no such node, no such row
    }

    @Test
    void anInsertOfAValueTheFunctionCannotPlaceIsRefused() {
        assertThatThrownBy(() -> InsertRows.place(List.of(SqlValue.of(20_000_000)), RANGES, 3, "TESTDB.t"))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1105))
                .hasMessageStartingWith("can't find any valid data node for table TESTDB.t, k = 20000000");
        // a string that is no integer is refused before the function sees it: MySQL's integer for it is unknown here
        for (SqlValue value : List.of(SqlValue.of(""), SqlValue.of("x"))) {
            assertThatThrownBy(() -> InsertRows.place(List.of(value), RANGES, 3, "TESTDB.t"))
                    .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235))
                    .hasMessageStartingWith("the sharding column k of TESTDB.t is given '" + value.text() + "'");
        }
        assertThat(InsertRows.place(List.of(SqlValue.of("2014-03-04"), SqlValue.of("2015-02-01")), MONTHS, 24,
                "TESTDB.t")).containsExactly(0, 1);
        assertThatThrownBy(() -> InsertRows.place(List.of(SqlValue.of("yesterday")), MONTHS, 24, "TESTDB.t"))
                .isInstanceOf(RouteException.class);
    }
}
