package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Predicate.Comparison;
import io.tessera.router.plan.Predicate.Literal;
import io.tessera.router.plan.Predicate.Operand;
import io.tessera.router.plan.Predicate.Operator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ValueComparisonTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final int BINARY = 63;

    // c BIGINT, d DECIMAL(10,2), f DOUBLE, dt DATETIME, dd DATE, t TIME, s VARCHAR, b VARBINARY,
    // hidden: WEIGHT_STRING(s) and a literal's weight, each as collation:weight
    private static final List<ColumnDefinition41> COLUMNS = List.of(column("c", ColumnType.LONGLONG),
            column("d", ColumnType.NEWDECIMAL, 63, 2), column("f", ColumnType.DOUBLE),
            column("dt", ColumnType.DATETIME), column("dd", ColumnType.DATE), column("t", ColumnType.TIME),
            column("s", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0), column("b", ColumnType.VAR_STRING, BINARY, 0),
            column("sw", ColumnType.VAR_STRING), column("lw", ColumnType.VAR_STRING));
    private static final int C = 0;
    private static final int D = 1;
    private static final int F = 2;
    private static final int DT = 3;
    private static final int DD = 4;
    private static final int T = 5;
    private static final int S = 6;
    private static final int B = 7;
    private static final int SW = 8;
    private static final int LW = 9;

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEveryRow() {
        alloc.assertAllReleased();
    }

    private static Literal number(String text) {
        return new Literal(Literal.Kind.NUMBER, text);
    }

    private static Literal string(String text) {
        return new Literal(Literal.Kind.STRING, text);
    }

    private static ValueComparison compare(Operand left, Operator operator, Operand right) {
        return ValueComparison.of(new Comparison(operator, left, right), COLUMNS);
    }

    private static ValueComparison compare(int column, Operator operator, Literal literal) {
        return compare(Operand.column(column), operator, Operand.literal(literal));
    }

    /** A row with {@code values} in the named columns and NULL in the others. */
    private Row row(Object... columnsAndValues) {
        String[] values = new String[COLUMNS.size()];
        for (int i = 0; i < columnsAndValues.length; i += 2) {
            values[(Integer) columnsAndValues[i]] = (String) columnsAndValues[i + 1];
        }
        return alloc.row(values);
    }

    /** TRUE, FALSE or {@code null} (unknown); releases the row. */
    private static Boolean holds(ValueComparison comparison, Row row) {
        try {
            return comparison.holds(row);
        } finally {
            row.release();
        }
    }

    @Test
    void numbersCompareWithNumberLiteralsExactlyWhateverTheirScale() {
        assertThat(holds(compare(D, Operator.EQUAL, number("1.5")), row(D, "1.50"))).isTrue();
        assertThat(holds(compare(D, Operator.LESS, number("1.51")), row(D, "1.50"))).isTrue();
        assertThat(holds(compare(C, Operator.EQUAL, number("9007199254740992")), row(C, "9007199254740993")))
                .isFalse();                                       // a double could not tell them apart
        assertThat(holds(compare(F, Operator.GREATER, number("999999999999999")), row(F, "1.5e15"))).isTrue();
    }

    @Test
    void numbersCompareWithStringLiteralsAsDoubles() {
        assertThat(holds(compare(C, Operator.EQUAL, string("1e2")), row(C, "100"))).isTrue();
        assertThat(holds(compare(C, Operator.EQUAL, string("9007199254740992")), row(C, "9007199254740993")))
                .isTrue();                                        // MySQL converts both to doubles
        assertThat(holds(compare(D, Operator.GREATER, string("-.5")), row(D, "-0.25"))).isTrue();
    }

    @Test
    void aLiteralOnTheLeftComparesInTheWrittenDirection() {
        ValueComparison fiveBelow = compare(Operand.literal(number("5")), Operator.LESS, Operand.column(C));
        assertThat(holds(fiveBelow, row(C, "7"))).isTrue();
        assertThat(holds(fiveBelow, row(C, "3"))).isFalse();
        ValueComparison newYearBefore = compare(Operand.literal(string("2024-01-01")), Operator.LESS,
                Operand.column(DT));
        assertThat(holds(newYearBefore, row(DT, "2024-01-01 00:00:01"))).isTrue();
        assertThat(holds(newYearBefore, row(DT, "2023-12-31 23:59:59"))).isFalse();
    }

    @Test
    void twoColumnsOfNumbersCompareAcrossTypesAndTwoNumberLiteralsNeedNoRow() {
        ValueComparison countIsSum = compare(Operand.column(C), Operator.EQUAL, Operand.column(D));
        assertThat(holds(countIsSum, row(C, "2", D, "2.00"))).isTrue();
        assertThat(holds(countIsSum, row(C, "2", D, "2.01"))).isFalse();

        assertThat(holds(compare(Operand.literal(number("1")), Operator.LESS, Operand.literal(number("2"))),
                row())).isTrue();
    }

    @Test
    void nullIsUnknownExceptToTheNullSafeEquality() {
        assertThat(holds(compare(C, Operator.EQUAL, Literal.NULL), row(C, "1"))).isNull();
        assertThat(holds(compare(C, Operator.NOT_EQUAL, Literal.NULL), row())).isNull();
        assertThat(holds(compare(C, Operator.GREATER, number("5")), row())).isNull();
        assertThat(holds(compare(C, Operator.NULL_SAFE_EQUAL, Literal.NULL), row(C, "1"))).isFalse();
        assertThat(holds(compare(C, Operator.NULL_SAFE_EQUAL, Literal.NULL), row())).isTrue();
        assertThat(holds(compare(C, Operator.NULL_SAFE_EQUAL, number("1")), row())).isFalse();
        assertThat(holds(compare(Operand.literal(Literal.NULL), Operator.NULL_SAFE_EQUAL,
                Operand.literal(Literal.NULL)), row())).isTrue();
    }

    /*
     * MySQL compares a DOUBLE with a number as doubles ("Type Conversion in Expression Evaluation": a decimal and a
     * floating-point value compare as floating-point values). A FLOAT is widened to a double first, and its text has
     * six significant digits (a FLOAT 9.99 is 9.989999771118164, sent as 9.99; 1.2345678 is sent as 1.23457): the
     * text does not hold the value MySQL compares, so such a comparison is refused.
     */
    private static final List<ColumnDefinition41> APPROXIMATE = List.of(column("max(f)", ColumnType.FLOAT),
            column("max(d)", ColumnType.DOUBLE), column("max(n)", ColumnType.NEWDECIMAL));

    @Test
    void aFloatCannotBeComparedExactlyFromItsText() {
        assertThatThrownBy(() -> ValueComparison.of(new Comparison(Operator.EQUAL, Operand.column(0),
                Operand.literal(number("9.99"))), APPROXIMATE))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
    }

    @Test
    void aDoubleComparesWithADecimalLiteralAsDoubles() {
        ValueComparison doubleIsLongLiteral = ValueComparison.of(new Comparison(Operator.EQUAL, Operand.column(1),
                Operand.literal(number("0.1000000000000000001"))), APPROXIMATE);

        assertThat(holds(doubleIsLongLiteral, alloc.row(null, "0.1", null))).isTrue();
    }

    @Test
    void aDecimalComparesWithADoubleOrALiteralWithAnExponentAsDoubles() {
        ValueComparison decimalIsDouble = ValueComparison.of(new Comparison(Operator.EQUAL, Operand.column(2),
                Operand.column(1)), APPROXIMATE);
        assertThat(holds(decimalIsDouble, alloc.row(null, "0.1", "0.1000000000000000001"))).isTrue();

        ValueComparison decimalIsExponent = ValueComparison.of(new Comparison(Operator.EQUAL, Operand.column(2),
                Operand.literal(number("1000000000000000001e0"))), APPROXIMATE);
        assertThat(holds(decimalIsExponent, alloc.row(null, null, "1000000000000000000"))).isTrue();

        ValueComparison decimalIsExact = ValueComparison.of(new Comparison(Operator.EQUAL, Operand.column(2),
                Operand.literal(number("1000000000000000001"))), APPROXIMATE);
        assertThat(holds(decimalIsExact, alloc.row(null, null, "1000000000000000000"))).isFalse();
    }

    @Test
    void datesAreTheirMidnightBesideDatetimesAndTimesAreSignedDurations() {
        ValueComparison sameInstant = compare(Operand.column(DD), Operator.EQUAL, Operand.column(DT));
        assertThat(holds(sameInstant, row(DD, "2024-01-01", DT, "2024-01-01 00:00:00"))).isTrue();
        assertThat(holds(sameInstant, row(DD, "2024-01-01", DT, "2024-01-01 00:00:00.000001"))).isFalse();
        assertThat(holds(compare(DT, Operator.LESS, new Literal(Literal.Kind.DATE, "2024-01-02")),
                row(DT, "2024-01-01 23:59:59.999999"))).isTrue();

        assertThat(holds(compare(T, Operator.LESS, string("0:0:0")), row(T, "-00:00:01"))).isTrue();
        assertThat(holds(compare(T, Operator.GREATER, string("99:59:59")), row(T, "100:00:00"))).isTrue();
        assertThat(holds(compare(T, Operator.LESS, string("-9:00:00")), row(T, "-10:00:00"))).isTrue();
    }

    @Test
    void stringsCompareByWeightsWithTrailingSpacesAsTheCollationCountsThem() {
        ValueComparison equalsASpace = compare(Operand.column(S, SW), Operator.EQUAL,
                Operand.literal(string("A "), LW));
        assertThat(holds(equalsASpace, row(S, "a", SW, "utf8mb4_general_ci:\u0000A",
                LW, "utf8mb4_general_ci:\u0000A\u0000 "))).isTrue();
        assertThat(holds(equalsASpace, row(S, "a\t", SW, "utf8mb4_general_ci:\u0000A\u0000\t",
                LW, "utf8mb4_general_ci:\u0000A\u0000 "))).isFalse();

        ValueComparison noPad = compare(Operand.column(S, SW), Operator.LESS, Operand.literal(string("a "), LW));
        assertThat(holds(noPad, row(S, "a", SW, "utf8mb4_0900_ai_ci:\u001cG",
                LW, "utf8mb4_0900_ai_ci:\u001cG\u0002\t"))).isTrue();
    }

    @Test
    void stringsUnderDifferentCollationsAreRefusedWhenARowShowsThem() {
        ValueComparison equal = compare(Operand.column(S, SW), Operator.EQUAL, Operand.literal(string("a"), LW));

        assertThatThrownBy(() -> holds(equal, row(S, "a", SW, "utf8mb4_general_ci:\u0000A", LW, "utf8mb4_bin:a")))
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).endsWith("they are under different collations (utf8mb4_general_ci,"
                            + " utf8mb4_bin)");
                });
    }

    @Test
    void pairsMysqlWouldCompareAnotherWayAreRefusedUpFront() {
        List<Comparison> refused = List.of(
                new Comparison(Operator.EQUAL, Operand.column(S, SW), Operand.literal(number("5"))),
                new Comparison(Operator.EQUAL, Operand.column(C), Operand.column(DT)),
                new Comparison(Operator.EQUAL, Operand.column(C), Operand.literal(string("5 apples"))),
                new Comparison(Operator.EQUAL, Operand.column(C), Operand.literal(string(" 5"))),
                new Comparison(Operator.EQUAL, Operand.column(S), Operand.literal(string("a"))),
                new Comparison(Operator.EQUAL, Operand.column(B), Operand.column(S, SW)),
                new Comparison(Operator.EQUAL, Operand.literal(string("1")), Operand.literal(number("1"))));
        for (Comparison comparison : refused) {
            assertThatThrownBy(() -> ValueComparison.of(comparison, COLUMNS)).as(comparison.toString())
                    .isInstanceOfSatisfying(TesseraException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).startsWith("HAVING over groups spread on several data nodes"
                                + " cannot compare");
                    });
        }
    }
}
