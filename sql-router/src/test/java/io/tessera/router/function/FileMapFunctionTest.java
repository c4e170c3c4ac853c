package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.propsIn;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileMapFunctionTest {

    /** MyCat's partition-hash-int.txt: 10000=0, 10010=1; integer keys. */
    private static final FileMapFunction INTS = FileMapFunction.fromProperties(props(
            "mapFile", "partition-hash-int.txt"));
    private static final FileMapFunction INTS_DEFAULT_2 = FileMapFunction.fromProperties(props(
            "mapFile", "partition-hash-int.txt", "defaultNode", "2"));
    /** MyCat's sharding-by-enum.txt as text keys: "10000"=0, "10010"=1. */
    private static final FileMapFunction TEXTS = FileMapFunction.fromProperties(props(
            "mapFile", "sharding-by-enum.txt", "type", "1"));
    private static final FileMapFunction TEXTS_DEFAULT_2 = FileMapFunction.fromProperties(props(
            "mapFile", "sharding-by-enum.txt", "type", "1", "defaultNode", "2"));

    @TempDir
    Path dir;

    // Expected nodes: MyCat's app2Partition lookup, Integer.valueOf(value) for type 0, else DEFAULT_NODE.
    @ParameterizedTest(name = "{0} -> type 0: {1}, {2} with default; type 1: {3}, {4} with default")
    @CsvSource(quoteCharacter = '"', textBlock = """
            10000,          0,   0,   0,   0
            '10000',        0,   0,   0,   0
            10010,          1,   1,   1,   1
            '010010',       1,   1,   ERR, 2
            '+10010',       1,   1,   ERR, 2
            10001,          ERR, 2,   ERR, 2
            -10000,         ERR, 2,   ERR, 2
            2147483648,     ERR, ERR, ERR, 2
            ' 10000',       ERR, ERR, ERR, 2
            'abc',          ERR, ERR, ERR, 2
            '',             ERR, ERR, ERR, 2
            NULL,           ERR, ERR, ERR, 2
            """)
    void placesLikeMyCat(String spec, String ints, String intsDefault, String texts, String textsDefault) {
        assertThat(placed(INTS, spec)).isEqualTo(ints);
        assertThat(placed(INTS_DEFAULT_2, spec)).isEqualTo(intsDefault);
        assertThat(placed(TEXTS, spec)).isEqualTo(texts);
        assertThat(placed(TEXTS_DEFAULT_2, spec)).isEqualTo(textsDefault);
    }

    private static String placed(ShardingFunction function, String spec) {
        try {
            return Integer.toString(function.nodeOf(value(spec)));
        } catch (UnplaceableValueException e) {
            return "ERR";
        }
    }

    @Test
    void explainsWhyAValueCannotBePlaced() {
        assertThatThrownBy(() -> INTS_DEFAULT_2.nodeOf(SqlValue.of("abc")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByFileMap cannot place 'abc': the map file has integer keys (type 0) and this is"
                        + " not an integer in the range of a Java int");
        assertThatThrownBy(() -> TEXTS.nodeOf(SqlValue.of("x")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByFileMap cannot place 'x': no key of the map file matches it and there is no"
                        + " default node");
    }

    @Test
    void textKeysAreExactAndTheFileMaySetTheDefaultNode() throws IOException {
        Files.writeString(dir.resolve("enum.txt"), "beijing = 0\nShangHai=1\n = 2\nNULL=1\nDEFAULT_NODE=3\n");
        FileMapFunction f = FileMapFunction.fromProperties(propsIn(dir, "mapFile", "enum.txt", "type", "1"));
        assertThat(f.nodeOf(SqlValue.of("beijing"))).isZero();
        assertThat(f.nodeOf(SqlValue.of("Beijing"))).isEqualTo(3);
        assertThat(f.nodeOf(SqlValue.of("beijing "))).isEqualTo(3);
        assertThat(f.nodeOf(SqlValue.of(""))).isEqualTo(2);
        assertThat(f.nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(1);
        assertThat(f.nodeCount()).isEqualTo(4);
        FileMapFunction overridden = FileMapFunction.fromProperties(propsIn(dir, "mapFile", "enum.txt", "type", "1",
                "defaultNode", "0"));
        assertThat(overridden.nodeOf(SqlValue.of("Beijing"))).isZero();
        assertThat(overridden.nodeOf(SqlValue.of("DEFAULT_NODE"))).isZero();
        assertThat(overridden.nodeCount()).isEqualTo(3);
    }

    @Test
    void countsDistinctNodesWithTheDefaultNode() {
        assertThat(INTS.nodeCount()).isEqualTo(2);
        assertThat(INTS_DEFAULT_2.nodeCount()).isEqualTo(3);
        assertThat(new FileMapFunction(0, Map.of("1", 0, "2", 0, "3", 1), 1).nodeCount()).isEqualTo(2);
    }

    @Test
    void sendsRangesToEveryNode() {
        assertThat(INTS.nodesOf(SqlValue.of(10000), SqlValue.of(10010), 2)).isEqualTo(NodeSet.all(2));
    }

    @Test
    void refusesLinesMyCatWouldSkip() throws IOException {
        Files.writeString(dir.resolve("default.txt"), "10000=0\nDEFAULT_NODE=1\n");
        assertThatThrownBy(() -> FileMapFunction.fromProperties(propsIn(dir, "mapFile", "default.txt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key: \"DEFAULT_NODE\" (expected: an integer, as type is 0; set property defaultNode"
                        + " instead)");
        Files.writeString(dir.resolve("twice.txt"), "10=0\n010=1\n");
        assertThatThrownBy(() -> FileMapFunction.fromProperties(propsIn(dir, "mapFile", "twice.txt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key: 10 (expected: each key once)");
        Files.writeString(dir.resolve("same.txt"), "a=0\na=1\n");
        assertThatThrownBy(() -> FileMapFunction.fromProperties(propsIn(dir, "mapFile", "same.txt", "type", "1")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: line \"a=1\": key a given twice (expected: once)");
        for (String line : new String[] {"10000", "10000=x", "10000=-1", "10000=0=1"}) {
            Files.writeString(dir.resolve("bad.txt"), line + "\n");
            assertThatThrownBy(() -> FileMapFunction.fromProperties(propsIn(dir, "mapFile", "bad.txt")))
                    .isInstanceOf(FunctionConfigException.class)
                    .hasMessage("function f: property mapFile: line \"" + line + "\" (expected: key=node, node >= 0)");
        }
    }

    @Test
    void refusesBadProperties() {
        assertThatThrownBy(() -> FileMapFunction.fromProperties(props("mapFile", "partition-hash-int.txt",
                "type", "2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("type: 2 (expected: 0 for integer keys or 1 for text keys)");
        assertThatThrownBy(() -> FileMapFunction.fromProperties(props("mapFile", "partition-hash-int.txt",
                "defaultNode", "-3")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultNode: -3 (expected: >= 0, or -1 for none)");
        assertThatThrownBy(() -> new FileMapFunction(0, Map.of(), -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keys: {} (expected: at least one key=node line)");
    }
}
