package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Predicate.Literal;
import io.tessera.router.plan.Predicate.Operand;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One comparison of a HAVING condition, set up when the data nodes' column definitions tell the types of its sides,
 * and evaluated as MySQL compares those types:
 * <ul>
 * <li>exact numbers (integers, DECIMAL, literals without an exponent) with each other exactly; a DOUBLE, a literal
 *     with an exponent, or a string literal with any number as doubles ("Type Conversion in Expression
 *     Evaluation"); a FLOAT not at all: its text has six significant digits, not the value MySQL compares;
 * <li>DATE, DATETIME and TIMESTAMP values by time (a DATE as its midnight), a string literal converted to a datetime;
 * <li>TIME values by duration, a string literal converted to a TIME ({@link TemporalText});
 * <li>character strings by the weights the data nodes computed under the collation MySQL compares them by (a
 *     literal's under its column's), trailing spaces counted as that collation counts them ({@link PadSpace});
 * <li>binary strings byte by byte.
 * </ul>
 * Any other pair, and a literal MySQL would read some other way than these, is refused (1235) before a row is read.
 */
final class ValueComparison {

    private enum Mode { DECIMAL, DOUBLE, DATETIME, TIME, WEIGHT, BYTES }

    /** What kind of value a side holds, from its column's type or its literal's kind. */
    private enum Kind { NULL, NUMBER, APPROXIMATE, DATETIME, TIME, STRING, BINARY, DATE_LITERAL, TIME_LITERAL,
        TIMESTAMP_LITERAL, OTHER }

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /** One side, resolved against the row's columns: a column, or a literal with its value in the comparison's. */
    private static final class Side {
        final int column;           // -1 for a literal
        final int weight;           // -1 when none
        final Literal literal;
        final Kind kind;
        final String description;
        BigDecimal decimal;
        double approximate;
        long packed;

        Side(Operand operand, List<ColumnDefinition41> columns) {
            int count = columns.size();
            column = operand.isColumn() ? Columns.resolve(operand.column(), count) : -1;
            weight = operand.hasWeight() ? Columns.resolve(operand.weightColumn(), count) : -1;
            literal = operand.literal();
            if (literal != null) {
                kind = switch (literal.kind()) {
                    case NULL -> Kind.NULL;
                    case NUMBER -> literal.text().indexOf('e') >= 0 || literal.text().indexOf('E') >= 0
                            ? Kind.APPROXIMATE : Kind.NUMBER;
                    case STRING -> Kind.STRING;
                    case DATE -> Kind.DATE_LITERAL;
                    case TIME -> Kind.TIME_LITERAL;
                    case TIMESTAMP -> Kind.TIMESTAMP_LITERAL;
                };
                description = literal.toString();
            } else {
                ColumnDefinition41 definition = columns.get(column);
                kind = kindOf(definition);
                description = "'" + definition.name() + "' (" + definition.type() + ")";
            }
        }

        boolean isColumn() {
            return column >= 0;
        }

        boolean isNull(Row row) {
            return isColumn() ? row.isNull(column) : literal.kind() == Literal.Kind.NULL;
        }
    }

    private final Predicate.Operator operator;
    private final Side left;
    private final Side right;
    private final Mode mode;
    private byte[] space;           // the collation's space weight, once a row showed which collation it is
    private boolean spaceKnown;

    private ValueComparison(Predicate.Operator operator, Side left, Side right, Mode mode) {
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.mode = mode;
    }

    /** @throws TesseraException 1235 when the sides' types cannot be compared exactly */
    static ValueComparison of(Predicate.Comparison comparison, List<ColumnDefinition41> columns) {
        Side left = new Side(comparison.left(), columns);
        Side right = new Side(comparison.right(), columns);
        Mode mode = left.kind == Kind.NULL || right.kind == Kind.NULL ? Mode.DECIMAL // never compares: unknown
                : left.isColumn() ? modeOf(left, right) : modeOf(right, left);
        if (mode == null) {
            throw refused(left, right, "");
        }
        if (mode == Mode.WEIGHT && (left.weight < 0 || right.weight < 0)) {
            throw refused(left, right, ": a string in HAVING must be a MIN, a MAX or a GROUP BY column");
        }
        return new ValueComparison(comparison.operator(), left, right, mode);
    }

    /** How a column compares with {@code other} (a column, or a literal whose value is prepared here); null: not. */
    private static Mode modeOf(Side column, Side other) {
        if (!column.isColumn()) {
            return numeric(column) && numeric(other) ? literals(column, other) : null;
        }
        if (other.isColumn()) {
            if (numeric(column) && numeric(other)) {
                return column.kind == Kind.APPROXIMATE || other.kind == Kind.APPROXIMATE ? Mode.DOUBLE : Mode.DECIMAL;
            }
            return column.kind != other.kind ? null : switch (column.kind) {
                case DATETIME -> Mode.DATETIME;
                case TIME -> Mode.TIME;
                case STRING -> Mode.WEIGHT;
                case BINARY -> Mode.BYTES;
                default -> null;
            };
        }
        return switch (column.kind) {
            case NUMBER, APPROXIMATE -> number(column, other);
            case DATETIME -> {
                other.packed = switch (other.kind) {
                    case STRING -> TemporalText.datetimeLiteral(other.literal.text(), false, false);
                    case DATE_LITERAL -> TemporalText.datetimeLiteral(other.literal.text(), true, false);
                    case TIMESTAMP_LITERAL -> TemporalText.datetimeLiteral(other.literal.text(), false, true);
                    default -> TemporalText.UNREADABLE;
                };
                yield other.packed == TemporalText.UNREADABLE ? null : Mode.DATETIME;
            }
            case TIME -> {
                other.packed = other.kind == Kind.STRING || other.kind == Kind.TIME_LITERAL
                        ? TemporalText.timeLiteral(other.literal.text()) : TemporalText.UNREADABLE;
                yield other.packed == TemporalText.UNREADABLE ? null : Mode.TIME;
            }
            case STRING, BINARY -> other.kind == Kind.STRING ? Mode.WEIGHT : null;
            default -> null;
        };
    }

    private static boolean numeric(Side side) {
        return side.kind == Kind.NUMBER || side.kind == Kind.APPROXIMATE;
    }

    /**
     * A number column with a number literal (exactly, unless either is approximate), or with a string literal that
     * reads as a number (as doubles).
     */
    private static Mode number(Side column, Side literal) {
        if (numeric(literal)) {
            if (column.kind == Kind.APPROXIMATE || literal.kind == Kind.APPROXIMATE) {
                literal.approximate = Double.parseDouble(literal.literal.text());
                return Mode.DOUBLE;
            }
            literal.decimal = new BigDecimal(literal.literal.text());
            return Mode.DECIMAL;
        }
        if (literal.kind == Kind.STRING && NUMBER.matcher(literal.literal.text()).matches()) {
            literal.approximate = Double.parseDouble(literal.literal.text());
            return Mode.DOUBLE;
        }
        return null;
    }

    private static Mode literals(Side a, Side b) {
        if (a.kind == Kind.APPROXIMATE || b.kind == Kind.APPROXIMATE) {
            a.approximate = Double.parseDouble(a.literal.text());
            b.approximate = Double.parseDouble(b.literal.text());
            return Mode.DOUBLE;
        }
        a.decimal = new BigDecimal(a.literal.text());
        b.decimal = new BigDecimal(b.literal.text());
        return Mode.DECIMAL;
    }

    private static Kind kindOf(ColumnDefinition41 column) {
        return switch (ValueType.of(column)) {
            case INTEGER, UNSIGNED, DECIMAL -> Kind.NUMBER;
            case APPROXIMATE -> column.type() == ColumnType.FLOAT ? Kind.OTHER : Kind.APPROXIMATE;
            case TEMPORAL -> Kind.DATETIME;
            case TIME -> Kind.TIME;
            case COLLATED -> Kind.STRING;
            case BYTES -> column.type() == ColumnType.BIT || column.type() == ColumnType.NULL ? Kind.OTHER
                    : Kind.BINARY;
            case UNORDERED -> Kind.OTHER;
        };
    }

    /** TRUE, FALSE, or {@code null} for unknown (a NULL side, except for {@code <=>}). */
    Boolean holds(Row row) {
        boolean leftNull = left.isNull(row);
        boolean rightNull = right.isNull(row);
        if (operator == Predicate.Operator.NULL_SAFE_EQUAL && (leftNull || rightNull)) {
            return leftNull && rightNull;
        }
        if (leftNull || rightNull) {
            return null;
        }
        return operator.holds(compare(row));
    }

    private int compare(Row row) {
        return switch (mode) {
            case DECIMAL -> decimal(left, row).compareTo(decimal(right, row));
            case DOUBLE -> Double.compare(approximate(left, row), approximate(right, row));
            case DATETIME -> Long.compare(datetime(left, row), datetime(right, row));
            case TIME -> Long.compare(time(left, row), time(right, row));
            case WEIGHT -> compareWeights(row);
            case BYTES -> Values.compareBytes(row.buffer(), row.valueStart(left.column), row.valueLength(left.column),
                    row.buffer(), row.valueStart(right.column), row.valueLength(right.column));
        };
    }

    private static BigDecimal decimal(Side side, Row row) {
        return side.isColumn()
                ? Values.parseDecimal(row.buffer(), row.valueStart(side.column), row.valueLength(side.column))
                : side.decimal;
    }

    private static double approximate(Side side, Row row) {
        return side.isColumn()
                ? Values.parseDouble(row.buffer(), row.valueStart(side.column), row.valueLength(side.column))
                : side.approximate;
    }

    private static long datetime(Side side, Row row) {
        return side.isColumn()
                ? TemporalText.datetime(row.buffer(), row.valueStart(side.column), row.valueLength(side.column))
                : side.packed;
    }

    private static long time(Side side, Row row) {
        return side.isColumn()
                ? Values.timeMicros(row.buffer(), row.valueStart(side.column), row.valueLength(side.column))
                : side.packed;
    }

    /**
     * The weight columns hold {@code collation-name:weight}. Both sides must be under one collation: MySQL would
     * compare under one, and Tessera has no weight under any other.
     */
    private int compareWeights(Row row) {
        ByteBuf buf = row.buffer();
        int aStart = row.valueStart(left.weight);
        int aEnd = aStart + row.valueLength(left.weight);
        int bStart = row.valueStart(right.weight);
        int bEnd = bStart + row.valueLength(right.weight);
        int aWeight = buf.indexOf(aStart, aEnd, (byte) ':') + 1;
        int bWeight = buf.indexOf(bStart, bEnd, (byte) ':') + 1;
        if (Values.compareBytes(buf, aStart, aWeight - aStart, buf, bStart, bWeight - bStart) != 0) {
            throw refused(left, right, ": they are under different collations ("
                    + Values.text(buf, aStart, aWeight - 1 - aStart) + ", "
                    + Values.text(buf, bStart, bWeight - 1 - bStart) + ")");
        }
        if (!spaceKnown) {
            String collation = Values.text(buf, aStart, aWeight - 1 - aStart);
            if (!PadSpace.knows(collation)) {
                throw refused(left, right, ": Tessera does not know how collation " + collation
                        + " counts trailing spaces");
            }
            space = PadSpace.spaceWeight(collation);
            spaceKnown = true;
        }
        return PadSpace.compare(space, buf, aWeight, aEnd - aWeight, buf, bWeight, bEnd - bWeight);
    }

    private static TesseraException refused(Side left, Side right, String why) {
        return new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "HAVING over groups spread on several data nodes"
                + " cannot compare " + left.description + " with " + right.description + " exactly" + why);
    }
}
