package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.binary.BoundValue;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.FunctionProperties;
import io.tessera.router.function.FunctionRegistry;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.shape.ShapeChecks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A string sharding value reaches the same data node however a client writes it: quotes doubled or escaped with a
 * backslash, in double quotes, with {@code N} or a character set introducer, as hex, split into adjacent literals,
 * bound to a prepared statement, and under {@code NO_BACKSLASH_ESCAPES}; a value the function cannot place is looked
 * for on every node, and refused in an INSERT.
 */
class StringValuesTest {

    private static final List<String> VALUES = List.of("a'b", "a\\b", "O'Neil\\%_", "a\"b", "ab", "é", "x y ",
            "2015-03-04", "0012", "\\'");

    @TempDir
    static Path dir;

    private final SqlParser parser = new SqlParser();

    @BeforeAll
    static void writeMapFiles() throws IOException {
        Files.writeString(dir.resolve("prefix.txt"), "0-0=0\n1-1=1\n2-2=2\n3-3=3\n");
        Files.writeString(dir.resolve("pattern.txt"), "0-1=0\n2-3=1\n");
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < VALUES.size(); i++) {
            keys.append(VALUES.get(i).strip()).append('=').append(i % 3).append('\n');
        }
        Files.writeString(dir.resolve("enum.txt"), keys);
    }

    /** Every function that places text, as the registry builds it from rule.xml properties. */
    private static Map<String, ShardingFunction> functions() {
        Map<String, ShardingFunction> functions = new LinkedHashMap<>();
        functions.put("string-hash", create("PartitionByString", "partitionCount", "4", "partitionLength", "256"));
        functions.put("string-hash-tail", create("PartitionByString", "partitionCount", "4", "partitionLength",
                "256", "hashSlice", "-2:0"));
        functions.put("prefix-pattern", create("PartitionByPrefixPattern", "patternValue", "4", "prefixLength", "5",
                "mapFile", "prefix.txt"));
        functions.put("file-map", create("PartitionByFileMap", "type", "1", "mapFile", "enum.txt", "defaultNode", "3"));
        functions.put("file-map-no-default", create("PartitionByFileMap", "type", "1", "mapFile", "enum.txt"));
        functions.put("murmur-hash", create("PartitionByMurmurHash", "count", "4"));
        functions.put("jump-hash", create("PartitionByJumpConsistentHash", "totalBuckets", "4"));
        functions.put("hash-mod", create("PartitionByHashMod", "count", "4"));
        functions.put("crc32-slot", create("PartitionByCRC32PreSlot", "count", "4"));
        functions.put("pattern", create("PartitionByPattern", "patternValue", "4", "mapFile", "pattern.txt",
                "defaultNode", "1"));
        functions.put("substring", create("PartitionDirectBySubString", "startIndex", "0", "size", "4",
                "partitionCount", "16", "defaultPartition", "15"));
        functions.put("date", create("PartitionByDate", "dateFormat", "yyyy-MM-dd", "sBeginDate", "2015-01-01",
                "sPartionDay", "10"));
        functions.put("month", create("PartitionByMonth", "sBeginDate", "2015-01-01", "sEndDate", "2015-12-01"));
        return functions;
    }

    private static ShardingFunction create(String className, String... keyValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.put(keyValues[i], keyValues[i + 1]);
        }
        return new FunctionRegistry().create(className, new FunctionProperties("f", properties, dir::resolve));
    }

    private static Router router(ShardingFunction function, int nodes) {
        List<String> dataNodes = IntStream.range(0, nodes).mapToObj(i -> "dn" + i).toList();
        return new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", null, List.of(
                new LogicalTable("t", TableKind.SHARDED, dataNodes, new ShardingRule("code", function), null))))));
    }

    /** The value as a client may write it, in MySQL's default sql_mode. */
    private static List<String> literals(String value) {
        String escaped = value.replace("\\", "\\\\");
        List<String> forms = new ArrayList<>();
        forms.add("'" + escaped.replace("'", "''") + "'");
        forms.add("'" + escaped.replace("'", "\\'") + "'");
        forms.add("\"" + escaped.replace("\"", "\"\"") + "\"");
        forms.add("N'" + escaped.replace("'", "''") + "'");
        forms.add("_utf8mb4'" + escaped.replace("'", "''") + "'");
        forms.add("X'" + HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8)) + "'");
        forms.add("0x" + HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8)));
        int half = value.length() / 2;
        forms.add("'" + value.substring(0, half).replace("\\", "\\\\").replace("'", "''") + "' '"
                + value.substring(half).replace("\\", "\\\\").replace("'", "''") + "'");
        forms.add(bound(value, true));
        return forms;
    }

    /** The literal a prepared statement's EXECUTE writes for a string bound as {@code value}. */
    private static String bound(String value, boolean backslashEscapes) {
        StringBuilder literal = new StringBuilder();
        new BoundValue.Text(value.getBytes(StandardCharsets.UTF_8))
                .appendLiteral(literal, StandardCharsets.UTF_8, backslashEscapes);
        return literal.toString();
    }

    private List<String> nodes(Router router, String sql, boolean backslashEscapes) {
        return ShapeChecks.route(router, parser, sql, new RouteContext("TESTDB"), backslashEscapes).route().shards()
                .stream()
                .map(s -> s.dataNode()).toList();
    }

    @Test
    void everyWayOfWritingAStringReachesTheNodeItsRowIsOn() {
        for (Map.Entry<String, ShardingFunction> entry : functions().entrySet()) {
            ShardingFunction function = entry.getValue();
            int tableNodes = function.nodeCount() > 0 ? function.nodeCount() : 40;
            Router router = router(function, tableNodes);
            List<String> everyNode = IntStream.range(0, tableNodes).mapToObj(i -> "dn" + i).toList();
            for (String value : VALUES) {
                String insert = "insert into t (code) values (" + literals(value).get(0) + ")";
                List<String> expected;
                try {
                    expected = nodes(router, insert, true);
                } catch (RouteException e) {
                    expected = everyNode; // the function cannot place it: a read asks every node
                }
                String why = entry.getKey() + ", value " + value + ", ";
                for (String literal : literals(value)) {
                    assertThat(nodes(router, "select * from t where code = " + literal, true))
                            .as(why + literal).isEqualTo(expected);
                    if (expected != everyNode) {
                        assertThat(nodes(router, "insert into t (code, n) values (" + literal + ", 1)", true))
                                .as(why + "insert " + literal).isEqualTo(expected);
                    }
                }
                // NO_BACKSLASH_ESCAPES: a backslash is itself, only quotes are doubled
                String plain = "'" + value.replace("'", "''") + "'";
                for (String literal : List.of(plain, bound(value, false))) {
                    assertThat(nodes(router, "select * from t where code = " + literal, false))
                            .as(why + "NO_BACKSLASH_ESCAPES " + literal).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void aStringOfSpacesOnlyIsLookedForOnEveryNodeAndPlacedAsWritten() {
        Router router = router(create("PartitionByString", "partitionCount", "4", "partitionLength", "256"), 4);
        List<String> every = List.of("dn0", "dn1", "dn2", "dn3");
        for (String blank : List.of("''", "' '", "'   '", "_utf8mb4''", "N' '")) {
            assertThat(nodes(router, "select * from t where code = " + blank, true)).as(blank).isEqualTo(every);
            assertThat(nodes(router, "delete from t where code in ('x', " + blank + ")", true)).isEqualTo(every);
        }
        assertThat(nodes(router, "insert into t (code) values ('')", true)).containsExactly("dn0"); // slot 0
        assertThat(nodes(router, "insert into t (code) values (' ')", true)).containsExactly("dn0"); // slot 32
        // trailing spaces are part of the value, as MyCat places it: 'a' and 'a ' may live on different nodes
        assertThat(nodes(router, "select * from t where code = 'zz'", true)).containsExactly("dn3");
        assertThat(nodes(router, "select * from t where code = 'zz '", true)).containsExactly("dn0");
    }

    @Test
    void hexIsTheNumberForFunctionsOfIntegerColumns() {
        Router router = router(create("PartitionByMod", "count", "4"), 4);
        assertThat(nodes(router, "select * from t where code = 0x10", true)).containsExactly("dn0");
        assertThat(nodes(router, "select * from t where code = X'11'", true)).containsExactly("dn1");
        assertThat(nodes(router, "select * from t where code = b'10010'", true)).containsExactly("dn2");
        assertThat(nodes(router, "insert into t (code) values (0x13)", true)).containsExactly("dn3");
    }

    @Test
    void aHexValueThatIsNoUtf8IsReadOneCharPerByteEveryTime() {
        Router router = router(create("PartitionByMurmurHash", "count", "4"), 4);
        List<String> read = nodes(router, "select * from t where code = X'e9ff00'", true);
        assertThat(read).hasSize(1);
        assertThat(nodes(router, "insert into t (code) values (0xe9ff00)", true)).isEqualTo(read);
        assertThat(nodes(router, "select * from t where code = _latin1'\u00e9\u00ff\u0000'", true)).isEqualTo(read);
    }

    @Test
    void anInsertOfAValueNoNodeTakesIsRefused() {
        Router router = router(create("PartitionByFileMap", "type", "1", "mapFile", "enum.txt"), 3);
        assertThatThrownBy(() -> nodes(router, "insert into t (code) values ('nowhere')", true))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1105))
                .hasMessageContaining("code = nowhere");
        assertThat(nodes(router, "select * from t where code = 'nowhere'", true)).hasSize(3);
    }
}
