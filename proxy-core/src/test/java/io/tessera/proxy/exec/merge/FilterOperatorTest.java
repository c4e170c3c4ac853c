package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static io.tessera.proxy.exec.merge.TestRows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Comparison;
import io.tessera.router.plan.Predicate.Literal;
import io.tessera.router.plan.Predicate.Operand;
import io.tessera.router.plan.Predicate.Operator;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilterOperatorTest {

    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final int UTF8MB4_BIN = 46;
    private static final int BINARY = 63;

    // g, MAX(d) DATE, MAX(ts) DATETIME(3), MIN(t) TIME, MIN(s), hidden: weight of MIN(s), a literal's weight, COUNT(*)
    private static final List<ColumnDefinition41> COLUMNS = List.of(
            column("g", ColumnType.LONG), column("max(d)", ColumnType.DATE), column("max(ts)", ColumnType.DATETIME),
            column("min(t)", ColumnType.TIME), column("min(s)", ColumnType.VARCHAR, UTF8MB4_GENERAL_CI, 0),
            column("w", ColumnType.VARCHAR, UTF8MB4_BIN, 0), column("lw", ColumnType.VARCHAR, UTF8MB4_BIN, 0),
            column("count(*)", ColumnType.LONGLONG));

    private static Literal string(String text) {
        return new Literal(Literal.Kind.STRING, text);
    }

    private static Predicate compare(int column, Operator operator, Literal literal) {
        return new Comparison(operator, Operand.column(column), Operand.literal(literal));
    }

    /** The {@code g} of the rows the predicate lets through. */
    private static List<String> passing(Predicate predicate, Row... rows) {
        FakeShard shard = new FakeShard(0).send(rows).complete();
        return drain(new FilterOperator(predicate, new ConcatOperator(List.of(shard)), COLUMNS)).stream()
                .map(r -> r.get(0)).toList();
    }

    private static Row[] temporalRows() {
        return new Row[] {
            row("1", "2024-01-01", "2024-01-01 10:00:00.123", "10:00:00", null, null, null, "1"),
            row("2", "2024-01-02", "2023-12-31 23:59:59.999", "-01:30:00", null, null, null, "2"),
            row("3", null, null, null, null, null, null, "3"),
            row("4", "1000-01-01", "9999-12-31 23:59:59.000", "838:59:59", null, null, null, "4")};
    }

    @Test
    void datesCompareWithStringLiteralsAsDatetimesTheWayMysqlDoes() {
        assertThat(passing(compare(1, Operator.EQUAL, string("2024-01-01 00:00:00")), temporalRows()))
                .containsExactly("1");
        assertThat(passing(compare(1, Operator.EQUAL, string("2024-01-01 10:00:00")), temporalRows())).isEmpty();
        assertThat(passing(compare(1, Operator.LESS, string("2024-01-01 10:00")), temporalRows()))
                .containsExactly("1", "4");
        assertThat(passing(compare(1, Operator.GREATER_OR_EQUAL, string("2024-1-2")), temporalRows()))
                .containsExactly("2");
        assertThat(passing(compare(1, Operator.NOT_EQUAL, new Literal(Literal.Kind.DATE, "2024-01-02")),
                temporalRows())).containsExactly("1", "4");
    }

    @Test
    void datetimesCompareToTheMicrosecond() {
        assertThat(passing(compare(2, Operator.EQUAL, string("2024-01-01 10:00:00.123000")), temporalRows()))
                .containsExactly("1");
        assertThat(passing(compare(2, Operator.GREATER, string("2024-01-01T10:00:00.1229")), temporalRows()))
                .containsExactly("1", "4");
        assertThat(passing(compare(2, Operator.LESS, string("2024-01-01")), temporalRows())).containsExactly("2");
        assertThat(passing(compare(2, Operator.LESS, new Literal(Literal.Kind.TIMESTAMP, "2024-01-01 00:00:00")),
                temporalRows())).containsExactly("2");
        assertThat(passing(new Comparison(Operator.GREATER, Operand.column(2), Operand.column(1)), temporalRows()))
                .containsExactly("1", "4");
    }

    @Test
    void timesCompareAsSignedDurations() {
        assertThat(passing(compare(3, Operator.GREATER, string("9:59:59.5")), temporalRows()))
                .containsExactly("1", "4");
        assertThat(passing(compare(3, Operator.EQUAL, string("10:00")), temporalRows())).containsExactly("1");
        assertThat(passing(compare(3, Operator.LESS, string("-01:00:00")), temporalRows())).containsExactly("2");
        assertThat(passing(compare(3, Operator.LESS, new Literal(Literal.Kind.TIME, "838:59:59")), temporalRows()))
                .containsExactly("1", "2");
    }

    @Test
    void nullIsUnknownExceptToIsNullAndTheNullSafeEquality() {
        assertThat(passing(new Predicate.Not(compare(1, Operator.GREATER, string("2024-01-01"))), temporalRows()))
                .containsExactly("1", "4");
        assertThat(passing(new Predicate.IsNull(Operand.column(2), false), temporalRows())).containsExactly("3");
        assertThat(passing(compare(2, Operator.NULL_SAFE_EQUAL, Literal.NULL), temporalRows())).containsExactly("3");
        assertThat(passing(compare(2, Operator.NOT_EQUAL, Literal.NULL), temporalRows())).isEmpty();
        assertThat(passing(new Comparison(Operator.NULL_SAFE_EQUAL, Operand.column(1), Operand.column(2)),
                temporalRows())).containsExactly("3");
    }

    @Test
    void stringsCompareByTheirWeightsWithTrailingSpacesAsTheCollationCountsThem() {
        Predicate equal = new Comparison(Operator.EQUAL, Operand.column(4, 5), Operand.literal(string("A "), 6));
        Predicate less = new Comparison(Operator.LESS, Operand.column(4, 5), Operand.literal(string("A "), 6));
        assertThat(passing(equal, stringRows())).containsExactly("1");
        assertThat(passing(less, stringRows())).containsExactly("2"); // 'a\t' sorts before 'a' under PAD SPACE
        Row noPad = row("1", null, null, null, "a", "utf8mb4_0900_ai_ci:\u0000A", "utf8mb4_0900_ai_ci:\u0000A\u0000 ",
                "1");
        assertThat(passing(less, noPad)).containsExactly("1");
    }

    /** MIN(s) and its weight under utf8mb4_general_ci, and the weight of the literal {@code 'A '}. */
    private static Row[] stringRows() {
        return new Row[] {
            row("1", null, null, null, "a", "utf8mb4_general_ci:\u0000A", "utf8mb4_general_ci:\u0000A\u0000 ", "1"),
            row("2", null, null, null, "a\t", "utf8mb4_general_ci:\u0000A\u0000\t",
                    "utf8mb4_general_ci:\u0000A\u0000 ", "1"),
            row("3", null, null, null, "b", "utf8mb4_general_ci:\u0000B", "utf8mb4_general_ci:\u0000A\u0000 ", "1"),
            row("4", null, null, null, null, null, "utf8mb4_general_ci:\u0000A\u0000 ", "1")};
    }

    @Test
    void stringsUnderDifferentOrUnknownCollationsAreRefusedWhenMet() {
        Predicate equal = new Comparison(Operator.EQUAL, Operand.column(4, 5), Operand.literal(string("a"), 6));
        assertThatThrownBy(() -> passing(equal, row("1", null, null, null, "a", "utf8mb4_general_ci:A",
                "utf8mb4_bin:a", "1"))).isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).contains("utf8mb4_general_ci", "utf8mb4_bin");
                });
        assertThatThrownBy(() -> passing(equal, row("1", null, null, null, "a", "latin2_czech_cs:A",
                "latin2_czech_cs:A", "1"))).isInstanceOfSatisfying(TesseraException.class,
                        e -> assertThat(e.getMessage()).contains("latin2_czech_cs", "trailing spaces"));
    }

    @Test
    void numbersCompareWithNumbersExactlyAndWithStringLiteralsAsDoubles() {
        assertThat(passing(compare(7, Operator.GREATER, string("4.5")), countRows())).containsExactly("1", "2");
        assertThat(passing(compare(7, Operator.EQUAL, string("9007199254740992")), countRows()))
                .containsExactly("2");
        assertThat(passing(compare(7, Operator.EQUAL, new Literal(Literal.Kind.NUMBER, "9007199254740992")),
                countRows())).isEmpty();
    }

    private static Row[] countRows() {
        return new Row[] {row("1", null, null, null, null, null, null, "5"),
            row("2", null, null, null, null, null, null, "9007199254740993")};
    }

    @Test
    void binaryStringsCompareByteByByte() {
        List<ColumnDefinition41> columns = List.of(column("min(b)", ColumnType.VAR_STRING, BINARY, 0),
                column("max(b)", ColumnType.VAR_STRING, BINARY, 0));
        FakeShard shard = new FakeShard(0).send(row("A", "A\u0000"), row("B", "A")).complete();
        Predicate less = new Comparison(Operator.LESS, Operand.column(0), Operand.column(1));
        assertThat(drain(new FilterOperator(less, new ConcatOperator(List.of(shard)), columns)))
                .containsExactly(List.of("A", "A\u0000"));
    }

    @Test
    void whatMysqlWouldReadAnotherWayIsRefusedBeforeAnyRow() {
        List<Predicate> refused = List.of(
                compare(2, Operator.GREATER, new Literal(Literal.Kind.NUMBER, "20240101")),
                compare(1, Operator.GREATER, string("2024/01/01")),
                compare(1, Operator.GREATER, string(" 2024-01-01")),
                compare(1, Operator.GREATER, string("2024-02-30")),
                compare(2, Operator.GREATER, string("2024-01-01 10:00:00.1234567")),
                compare(2, Operator.GREATER, new Literal(Literal.Kind.DATE, "2024-01-01 10:00:00")),
                compare(2, Operator.GREATER, new Literal(Literal.Kind.TIME, "10:00:00")),
                compare(3, Operator.GREATER, string("10")),
                compare(3, Operator.GREATER, string("839:00:00")),
                compare(3, Operator.GREATER, string("2024-01-01 10:00:00")),
                compare(7, Operator.GREATER, string("5 apples")),
                compare(7, Operator.GREATER, new Literal(Literal.Kind.DATE, "2024-01-01")),
                compare(4, Operator.GREATER, new Literal(Literal.Kind.NUMBER, "5")),
                new Comparison(Operator.EQUAL, Operand.column(4), Operand.literal(string("a"))),
                new Comparison(Operator.EQUAL, Operand.column(3), Operand.column(2)),
                new Comparison(Operator.EQUAL, Operand.column(7), Operand.column(1)));
        for (Predicate predicate : refused) {
            assertThatThrownBy(() -> new FilterOperator(predicate, new ConcatOperator(List.of()), COLUMNS))
                    .as(predicate.toString()).isInstanceOfSatisfying(TesseraException.class,
                            e -> assertThat(e.errorCode()).isEqualTo(1235));
        }
    }
}
