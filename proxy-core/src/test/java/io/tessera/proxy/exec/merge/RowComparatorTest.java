package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RowComparatorTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final int BINARY = 63;

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    private static ColumnDefinition41 flagged(String name, ColumnType type, int flags) {
        return new ColumnDefinition41("db", "t", "t", name, name, BINARY, 20, type, flags, 0);
    }

    /** Rows of one value (and its weight, for strings): the key's column is 0, its weight column 1. */
    private static RowComparator on(ColumnDefinition41 definition, boolean descending) {
        return RowComparator.of(List.of(new SortKey(0, 1, descending)),
                List.of(definition, TestRows.column("w", ColumnType.VAR_STRING)));
    }

    /** The sign of {@code compare(a, b)} for rows of one value each, with no weight. */
    private int sign(RowComparator order, String a, String b) {
        return sign(order, alloc.row(a, null), alloc.row(b, null));
    }

    private static int sign(RowComparator order, Row a, Row b) {
        try {
            return Integer.signum(order.compare(a, b));
        } finally {
            a.release();
            b.release();
        }
    }

    @Test
    void integersCompareAsNumbersNotAsText() {
        RowComparator order = on(TestRows.column("n", ColumnType.LONG), false);

        assertThat(sign(order, "9", "10")).isNegative();
        assertThat(sign(order, "-10", "-9")).isNegative();
        assertThat(sign(order, "-9223372036854775808", "9223372036854775807")).isNegative();
        assertThat(sign(order, "42", "42")).isZero();
        assertThat(sign(on(TestRows.column("y", ColumnType.YEAR), false), "1999", "2024")).isNegative();
    }

    @Test
    void bigintUnsignedComparesAboveTheSignedRange() {
        RowComparator order = on(flagged("u", ColumnType.LONGLONG, ColumnFlag.UNSIGNED), false);

        assertThat(sign(order, "18446744073709551615", "9223372036854775808")).isPositive();
        assertThat(sign(order, "9223372036854775808", "1")).isPositive();
        assertThat(sign(on(flagged("s", ColumnType.LONGLONG, 0), false), "9223372036854775807", "1")).isPositive();
    }

    @Test
    void decimalsAndDoublesCompareAsNumbers() {
        RowComparator decimal = on(TestRows.column("d", ColumnType.NEWDECIMAL, 63, 2), false);
        assertThat(sign(decimal, "-1.50", "-1.25")).isNegative();
        assertThat(sign(decimal, "10.00", "9.99")).isPositive();
        assertThat(sign(decimal, "0.00", "-0.00")).isZero();

        RowComparator approximate = on(TestRows.column("f", ColumnType.DOUBLE), false);
        assertThat(sign(approximate, "1.5e15", "999999999999999")).isPositive();
        assertThat(sign(approximate, "-1.5e-7", "0")).isNegative();
        assertThat(sign(approximate, "0.5", "0.50")).isZero();
    }

    @Test
    void binaryStringsAndBitsCompareByteByByteWithoutPadding() {
        RowComparator bytes = on(TestRows.column("b", ColumnType.VAR_STRING, BINARY, 0), false);
        assertThat(sign(bytes, "10", "9")).isNegative();
        assertThat(sign(bytes, "B", "a")).isNegative();
        assertThat(sign(bytes, "a", "a ")).isNegative();
        assertThat(sign(bytes, "\u00e9", "z")).isPositive();   // 0xC3 0xA9 against 0x7A, unsigned

        RowComparator bits = on(TestRows.column("bit", ColumnType.BIT), false);
        assertThat(sign(bits, "\u0001\u0000", "\u0000\u007f")).isPositive();
    }

    @Test
    void nullsComeFirstAscendingAndLastDescendingAndEqualEachOther() {
        RowComparator ascending = on(TestRows.column("n", ColumnType.LONG), false);
        RowComparator descending = on(TestRows.column("n", ColumnType.LONG), true);

        assertThat(sign(ascending, (String) null, "-999")).isNegative();
        assertThat(sign(ascending, "-999", null)).isPositive();
        assertThat(sign(descending, (String) null, "-999")).isPositive();
        assertThat(sign(ascending, (String) null, null)).isZero();
        assertThat(sign(descending, (String) null, null)).isZero();
        assertThat(sign(descending, "1", "2")).isPositive();
    }

    @Test
    void temporalValuesCompareByTimeAndTimesAsSignedDurations() {
        assertThat(sign(on(TestRows.column("d", ColumnType.DATE), false), "2023-12-31", "2024-01-01")).isNegative();
        RowComparator datetime = on(TestRows.column("dt", ColumnType.DATETIME), false);
        assertThat(sign(datetime, "2024-01-01 10:00:00.000001", "2024-01-01 10:00:00.000000")).isPositive();
        assertThat(sign(datetime, "0000-00-00 00:00:00", "1000-01-01 00:00:00")).isNegative();

        RowComparator time = on(TestRows.column("t", ColumnType.TIME), false);
        assertThat(sign(time, "-10:00:00", "-09:00:00")).isNegative();  // text order would say the opposite
        assertThat(sign(time, "-00:00:01", "00:00:00")).isNegative();
        assertThat(sign(time, "100:00:00", "99:59:59")).isPositive();
        assertThat(sign(time, "838:59:59", "-838:59:59")).isPositive();
        assertThat(sign(time, "10:00:00.5", "10:00:00.499999")).isPositive();
    }

    /** A string and its weight, as the data node wrote them: {@code collation:WEIGHT_STRING(s)}. */
    private Row string(String value, String collation, String weight) {
        return alloc.row(value, collation + ":" + weight);
    }

    @Test
    void stringsCompareByTheWeightsTheirCollationGaveThemNotByTheirBytes() {
        RowComparator order = on(TestRows.column("s", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0), false);

        assertThat(sign(order, string("a", "utf8mb4_general_ci", "\u0000A"), string("B", "utf8mb4_general_ci",
                "\u0000B"))).isNegative();
        assertThat(sign(order, string("a", "utf8mb4_general_ci", "\u0000A"), string("A", "utf8mb4_general_ci",
                "\u0000A"))).isZero();
    }

    @Test
    void trailingSpacesCountAsThePadAttributeOfTheCollationSays() {
        RowComparator padSpace = on(TestRows.column("s", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0), false);
        assertThat(sign(padSpace, string("a", "utf8mb4_general_ci", "\u0000A"),
                string("a  ", "utf8mb4_general_ci", "\u0000A\u0000 \u0000 "))).isZero();
        assertThat(sign(padSpace, string("a\t", "utf8mb4_general_ci", "\u0000A\u0000\t"),
                string("a", "utf8mb4_general_ci", "\u0000A"))).isNegative();

        RowComparator latin1 = on(TestRows.column("s", ColumnType.VAR_STRING, 8, 0), false);
        assertThat(sign(latin1, string("A ", "latin1_swedish_ci", "A "), string("a", "latin1_swedish_ci", "A")))
                .isZero();

        RowComparator noPad = on(TestRows.column("s", ColumnType.VAR_STRING, 255, 0), false);
        assertThat(sign(noPad, string("a ", "utf8mb4_0900_ai_ci", "\u001cG\u0002\t"),
                string("a", "utf8mb4_0900_ai_ci", "\u001cG"))).isPositive();
    }

    @Test
    void laterKeysBreakTiesEachInItsOwnDirection() {
        List<ColumnDefinition41> columns = List.of(TestRows.column("a", ColumnType.LONG),
                TestRows.column("b", ColumnType.LONG));
        RowComparator order = RowComparator.of(List.of(new SortKey(0, Columns.NONE, true), SortKey.asc(1)),
                columns);

        assertThat(sign(order, alloc.row("1", "1"), alloc.row("1", "2"))).isNegative();
        assertThat(sign(order, alloc.row("2", "9"), alloc.row("1", "1"))).isNegative();
        assertThat(sign(order, alloc.row("1", null), alloc.row("1", "-5"))).isNegative();
        assertThat(sign(order, alloc.row("1", "3"), alloc.row("1", "3"))).isZero();
    }

    @Test
    void negativeColumnsCountFromTheEndOfTheRow() {
        // select * ... order by v: the nodes' rows end with v and its weight, after columns only they know
        List<ColumnDefinition41> columns = List.of(TestRows.column("x", ColumnType.LONG),
                TestRows.column("v", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0),
                TestRows.column("w", ColumnType.VAR_STRING));
        RowComparator order = RowComparator.of(List.of(new SortKey(-2, -1, false)), columns);

        assertThat(sign(order, alloc.row("1", "b", "utf8mb4_general_ci:\u0000B"),
                alloc.row("2", "A", "utf8mb4_general_ci:\u0000A"))).isPositive();
    }

    @Test
    void typesOrderedBySomethingTheTextDoesNotShowAreRefused() {
        List<ColumnDefinition41> refused = List.of(flagged("e", ColumnType.STRING, ColumnFlag.ENUM),
                flagged("set", ColumnType.STRING, ColumnFlag.SET), flagged("j", ColumnType.JSON, 0),
                flagged("g", ColumnType.GEOMETRY, 0));
        for (ColumnDefinition41 definition : refused) {
            assertThatThrownBy(() -> on(definition, false)).as(definition.name())
                    .isInstanceOfSatisfying(TesseraException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("'" + definition.name() + "'", "not supported");
                    });
        }
    }

    @Test
    void aStringKeyWithoutAWeightColumnIsAPlannerBug() {
        assertThatThrownBy(() -> RowComparator.of(List.of(SortKey.asc(0)),
                List.of(TestRows.column("s", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no weight column");
    }
}
