package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static io.tessera.router.function.PropertiesFixture.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModFunctionTest {

    // Expected nodes: MyCat 1.6.7.6's BigInteger(v).abs().mod(count), else Math.abs(v.hashCode()) % count.
    @ParameterizedTest(name = "{0} mod 3 -> {1}, mod 4 -> {2}")
    @CsvSource(quoteCharacter = '"', textBlock = """
            0,                                  0, 0
            1,                                  1, 1
            -1,                                 1, 1
            42,                                 0, 2
            '42',                               0, 2
            '+42',                              0, 2
            '-0',                               0, 0
            9223372036854775807,                1, 3
            -9223372036854775808,               2, 0
            '9223372036854775808',              2, 0
            '123456789012345678901234567890',   0, 2
            'abc',                              0, 2
            ' abc ',                            1, 2
            '',                                 0, 0
            '42 ',                              2, 2
            ' 42',                              2, 2
            '4.2',                              1, 0
            '中文',                              2, 2
            """)
    void placesLikeMyCat(String spec, int mod3, int mod4) {
        assertThat(new ModFunction(3).nodeOf(value(spec))).isEqualTo(mod3);
        assertThat(new ModFunction(4).nodeOf(value(spec))).isEqualTo(mod4);
    }

    @Test
    void placesNullAsTheTextNull() {
        assertThat(new ModFunction(7).nodeOf(SqlValue.Null.INSTANCE)).isEqualTo(Math.abs("NULL".hashCode()) % 7);
    }

    @Test
    void refusesTextWhoseHashIsIntegerMinValueUnlessCountDividesTwoToThe31() {
        assertThat("polygenelubricants".hashCode()).isEqualTo(Integer.MIN_VALUE);
        assertThat(new ModFunction(4).nodeOf(SqlValue.of("polygenelubricants"))).isZero();
        assertThatThrownBy(() -> new ModFunction(3).nodeOf(SqlValue.of("polygenelubricants")))
                .isInstanceOf(UnplaceableValueException.class)
                .hasMessage("PartitionByMod cannot place 'polygenelubricants': its hashCode() is Integer.MIN_VALUE,"
                        + " for which MyCat computes the negative node -2");
    }

    @Test
    void integerLiteralAndItsTextAgreeAcrossLongRange() {
        ModFunction mod = new ModFunction(11);
        for (long v : new long[] {Long.MIN_VALUE, Long.MIN_VALUE + 1, -12345, -1, 0, 1, 12345, Long.MAX_VALUE}) {
            assertThat(mod.nodeOf(SqlValue.of(v))).isEqualTo(mod.nodeOf(SqlValue.of(Long.toString(v))));
        }
    }

    @Test
    void narrowsShortIntegerRangesExactly() {
        ModFunction mod = new ModFunction(3);
        assertThat(mod.nodesOf(SqlValue.of(5), SqlValue.of(6), 3)).isEqualTo(NodeSet.of(3, 0, 2));
        assertThat(mod.nodesOf(SqlValue.of(-1), SqlValue.of(1), 3)).isEqualTo(NodeSet.of(3, 0, 1));
        assertThat(mod.nodesOf(SqlValue.of(4), SqlValue.of(4), 3)).isEqualTo(NodeSet.of(3, 1));
        assertThat(mod.nodesOf(SqlValue.of(Long.MAX_VALUE - 1), SqlValue.of(Long.MAX_VALUE), 3))
                .isEqualTo(NodeSet.of(3, 0, 1));
    }

    @Test
    void sendsOtherRangesToEveryNode() {
        ModFunction mod = new ModFunction(3);
        assertThat(mod.nodesOf(SqlValue.of(0), SqlValue.of(3), 3)).isEqualTo(NodeSet.all(3));
        assertThat(mod.nodesOf(SqlValue.of(6), SqlValue.of(5), 3)).isEqualTo(NodeSet.all(3));
        assertThat(mod.nodesOf(SqlValue.of(Long.MIN_VALUE), SqlValue.of(Long.MAX_VALUE), 3))
                .isEqualTo(NodeSet.all(3));
        assertThat(mod.nodesOf(SqlValue.of("5"), SqlValue.of("6"), 3)).isEqualTo(NodeSet.all(3));
    }

    @Test
    void readsCount() {
        assertThat(ModFunction.fromProperties(props("count", "3")).nodeCount()).isEqualTo(3);
    }

    @Test
    void refusesBadCount() {
        assertThatThrownBy(() -> ModFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property count: missing");
        assertThatThrownBy(() -> ModFunction.fromProperties(props("count", "three")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property count: \"three\" (expected: an integer)");
        assertThatThrownBy(() -> ModFunction.fromProperties(props("count", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: 0 (expected: >= 1)");
    }

    @Test
    void registryNamesTheFunctionInConstructorErrors() {
        assertThatThrownBy(() -> new FunctionRegistry().create("io.mycat.route.function.PartitionByMod",
                props("count", "-2")))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: count: -2 (expected: >= 1)");
    }
}
