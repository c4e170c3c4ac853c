package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.propsIn;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PatternFunctionTest {

    /** MyCat's documented example: patternValue 256, defaultNode 2, 32 residues per node and 0 on node 7. */
    private static final PatternFunction EXAMPLE = PatternFunction.fromProperties(props(
            "patternValue", "256", "defaultNode", "2", "mapFile", "partition-pattern.txt"));

    @TempDir
    Path dir;

    // Expected nodes: MyCat's [0-9]* test, then Long.valueOf(value) % patternValue through the map in file order.
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                      7
            1,                      0
            32,                     0
            33,                     1
            255,                    7
            256,                    7
            300,                    1
            '300',                  1
            '0300',                 1
            9223372036854775807,    7
            '45a',                  2
            -5,                     2
            -9223372036854775808,   2
            '+5',                   2
            ' 5',                   2
            '٤٢',                   2
            NULL,                   2
            """)
    void placesLikeMyCat(String spec, int node) {
        assertThat(EXAMPLE.nodeOf(value(spec))).isEqualTo(node);
    }

    /** MyCat's own PartitionByPatternTest, over the documented example's map. */
    @Test
    void agreesWithMyCatsOwnTest() {
        assertThat(EXAMPLE.nodeOf(SqlValue.of("0"))).isEqualTo(7);
        assertThat(EXAMPLE.nodeOf(SqlValue.of("45a"))).isEqualTo(2);
    }

    @Test
    void refusesNumbersTheMapDoesNotCoverAndDigitsMyCatCannotParse() throws IOException {
        Files.writeString(dir.resolve("map.txt"), "0-99=0\n");
        PatternFunction f = PatternFunction.fromProperties(propsIn(dir, "mapFile", "map.txt", "defaultNode", "1"));
        assertThat(f.nodeOf(SqlValue.of(1123))).isZero();                       // 1123 mod 1024 = 99
        assertThatThrownBy(() -> f.nodeOf(SqlValue.of(1200)))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByPattern cannot place 1200: no range of the map file holds 1200 mod 1024 = 176");
        assertThatThrownBy(() -> f.nodeOf(SqlValue.of("")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByPattern cannot place '': not an integer in the range of a Java long");
        assertThatThrownBy(() -> f.nodeOf(SqlValue.of("99999999999999999999")))
                .isInstanceOf(UnplaceableValueException.class);
        assertThat(f.nodeOf(SqlValue.of("x"))).isEqualTo(1);
    }

    @Test
    void countsTheDistinctNodesOfTheMap() {
        assertThat(EXAMPLE.nodeCount()).isEqualTo(8);
    }

    @Test
    void sendsRangesToEveryNode() {
        assertThat(EXAMPLE.nodesOf(SqlValue.of(1), SqlValue.of(2), 8)).isEqualTo(NodeSet.all(8));
    }

    @Test
    void refusesBadMapsAndProperties() throws IOException {
        Files.writeString(dir.resolve("units.txt"), "0-1K=0\n");
        assertThatThrownBy(() -> PatternFunction.fromProperties(propsIn(dir, "mapFile", "units.txt")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property mapFile: line \"0-1K=0\" (expected: start-end=node)");
        assertThatThrownBy(() -> PatternFunction.fromProperties(props("mapFile", "partition-pattern.txt",
                "patternValue", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("patternValue: 0 (expected: >= 1)");
        assertThatThrownBy(() -> PatternFunction.fromProperties(props("mapFile", "partition-pattern.txt",
                "defaultNode", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultNode: -1 (expected: >= 0)");
    }
}
