package io.tessera.router.function;

import static io.tessera.router.function.PropertiesFixture.props;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Crc32SlotFunctionTest {

    /** MyCat's own PartitionByCRC32PreSlotTest, with the table's node count as count. */
    @ParameterizedTest(name = "\"{0}\" -> {1} of 2, {2} of 3")
    @CsvSource(textBlock = """
            1,          0, 1
            2,          1, 1
            3,          0, 0
            4,          1, 2
            5,          0, 0
            6,          0, 1
            7,          0, 1
            8,          0, 0
            9,          0, 0
            9999,       0, 0
            123456789,  1, 2
            35565,      1, 2
            """)
    void agreesWithMyCatsOwnTest(String text, int of2, int of3) {
        assertThat(new Crc32SlotFunction(2).nodeOf(SqlValue.of(text))).isEqualTo(of2);
        assertThat(new Crc32SlotFunction(3).nodeOf(SqlValue.of(text))).isEqualTo(of3);
        assertThat(new Crc32SlotFunction(2).nodeOf(SqlValue.of(Long.parseLong(text)))).isEqualTo(of2);
        assertThat(new Crc32SlotFunction(3).nodeOf(SqlValue.of(Long.parseLong(text)))).isEqualTo(of3);
    }

    @Test
    void agreesWithMyCatsOwnTestForAThousandNodes() {
        Crc32SlotFunction crc = new Crc32SlotFunction(1000);
        assertThat(crc.nodeOf(SqlValue.of("1000316"))).isEqualTo(521);
        assertThat(crc.nodeOf(SqlValue.of(2))).isEqualTo(637);
    }

    @Test
    void hashesTextAsUtf8AndNullAsTheTextNull() {
        assertThat(new Crc32SlotFunction(3).nodeOf(SqlValue.of("中文"))).isEqualTo(2);
        assertThat(new Crc32SlotFunction(1000).nodeOf(SqlValue.of("中文"))).isEqualTo(956);
        assertThat(new Crc32SlotFunction(1000).nodeOf(SqlValue.of(""))).isZero();
        assertThat(new Crc32SlotFunction(1000).nodeOf(SqlValue.of(Long.MIN_VALUE))).isEqualTo(369);
        assertThat(new Crc32SlotFunction(1000).nodeOf(SqlValue.of(Long.MAX_VALUE))).isEqualTo(228);
        assertThat(new Crc32SlotFunction(7).nodeOf(SqlValue.Null.INSTANCE))
                .isEqualTo(new Crc32SlotFunction(7).nodeOf(SqlValue.of("NULL")));
    }

    @Test
    void splitsTheSlotsEvenlyAndGivesTheRemainderToTheLastNode() {
        Crc32SlotFunction crc = new Crc32SlotFunction(3);               // 34,133 slots each, the last gets 34,134
        assertThat(crc.slotNode(0)).isZero();
        assertThat(crc.slotNode(34_132)).isZero();
        assertThat(crc.slotNode(34_133)).isEqualTo(1);
        assertThat(crc.slotNode(68_266)).isEqualTo(2);
        assertThat(crc.slotNode(102_399)).isEqualTo(2);
        assertThat(new Crc32SlotFunction(102_400).slotNode(102_399)).isEqualTo(102_399);
        assertThat(new Crc32SlotFunction(1).slotNode(102_399)).isZero();
    }

    @Test
    void crc32IsTheStandardChecksumOfTheUtf8Text() {
        assertThat(Crc32.of("123456789")).isEqualTo(0xCBF43926L);       // the CRC-32 check value
        for (String text : new String[] {"", "a", "NULL", "O'Brien", "中文", "\uD83D\uDE00", "x".repeat(1000)}) {
            CRC32 reference = new CRC32();
            reference.update(text.getBytes(StandardCharsets.UTF_8));
            assertThat(Crc32.of(text)).as(text).isEqualTo(reference.getValue());
        }
        for (long v : new long[] {Long.MIN_VALUE, -1, 0, 1, 42, Long.MAX_VALUE}) {
            assertThat(Crc32.of(v)).isEqualTo(Crc32.of(Long.toString(v)));
        }
    }

    @Test
    void sendsRangesToEveryNode() {
        assertThat(new Crc32SlotFunction(2).nodesOf(SqlValue.of(1), SqlValue.of(1), 2)).isEqualTo(NodeSet.all(2));
    }

    @Test
    void readsCountThatTheLoaderSetsFromTheTable() {
        assertThat(Crc32SlotFunction.fromProperties(props("count", "4")).nodeCount()).isEqualTo(4);
        assertThatThrownBy(() -> Crc32SlotFunction.fromProperties(props()))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: property count: missing");
        assertThatThrownBy(() -> Crc32SlotFunction.fromProperties(props("count", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: 0 (expected: 1..102400)");
        assertThatThrownBy(() -> new Crc32SlotFunction(102_401))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: 102401 (expected: 1..102400)");
    }
}
