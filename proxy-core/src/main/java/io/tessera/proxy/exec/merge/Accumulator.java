package io.tessera.proxy.exec.merge;

import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Combines one aggregate's per-node values within a group, and writes the combined value into the merged row. The
 * result keeps the type the data nodes gave the column: COUNT a BIGINT, SUM and AVG a DECIMAL with the column's scale
 * (exact arithmetic) or a DOUBLE, MIN and MAX whatever they compare.
 */
abstract class Accumulator {

    /** A decimals value of a column definition that means "not fixed" (MySQL's NOT_FIXED_DEC and MariaDB's). */
    private static final int NOT_FIXED_DECIMALS = 31;

    final int column;

    Accumulator(int column) {
        this.column = column;
    }

    static Accumulator of(AggregateColumn aggregate, List<ColumnDefinition41> columns) {
        int n = columns.size();
        int column = Columns.resolve(aggregate.column(), n);
        return switch (aggregate.function()) {
            case COUNT -> new Count(column);
            case SUM -> new Sum(column, columns.get(column));
            case MIN, MAX -> new Extreme(column, aggregate.weightColumn() == Columns.NONE ? Columns.NONE
                    : Columns.resolve(aggregate.weightColumn(), n),
                    aggregate.function() == AggregateColumn.Function.MAX, columns);
            case AVG -> {
                int sum = Columns.resolve(aggregate.sumColumn(), n);
                yield new Average(column, columns.get(column), sum, columns.get(sum),
                        Columns.resolve(aggregate.countColumn(), n));
            }
        };
    }

    /** Starts a new group. */
    abstract void reset();

    abstract void add(Row row);

    /** Whether this accumulator writes {@code index} of the merged row (else the group's first row's value is kept). */
    boolean writes(int index) {
        return index == column;
    }

    abstract void write(int index, PayloadWriter out);

    static void writeText(PayloadWriter out, String text) {
        out.lenencBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    static void writeNull(PayloadWriter out) {
        out.int1(0xFB);
    }

    static boolean exact(ColumnDefinition41 definition) {
        return ValueType.of(definition) != ValueType.APPROXIMATE;
    }

    static String decimalText(BigDecimal value, ColumnDefinition41 definition) {
        int decimals = definition.decimals();
        return (decimals < NOT_FIXED_DECIMALS ? value.setScale(decimals, RoundingMode.HALF_UP) : value).toPlainString();
    }

    /** COUNT: the counts add up. */
    static final class Count extends Accumulator {
        private long total;

        Count(int column) {
            super(column);
        }

        @Override
        void reset() {
            total = 0;
        }

        @Override
        void add(Row row) {
            if (!row.isNull(column)) {
                total += Values.parseLong(row.buffer(), row.valueStart(column), row.valueLength(column));
            }
        }

        @Override
        void write(int index, PayloadWriter out) {
            writeText(out, Long.toString(total));
        }
    }

    /** SUM: the sums add up, exactly for DECIMAL results; NULL when no node had a value. */
    static final class Sum extends Accumulator {
        private final ColumnDefinition41 definition;
        private final boolean exact;
        private BigDecimal decimal;
        private double approximate;
        private boolean any;

        Sum(int column, ColumnDefinition41 definition) {
            super(column);
            this.definition = definition;
            this.exact = exact(definition);
        }

        @Override
        void reset() {
            decimal = BigDecimal.ZERO;
            approximate = 0;
            any = false;
        }

        @Override
        void add(Row row) {
            if (row.isNull(column)) {
                return;
            }
            any = true;
            if (exact) {
                decimal = decimal.add(Values.parseDecimal(row.buffer(), row.valueStart(column),
                        row.valueLength(column)));
            } else {
                approximate += Values.parseDouble(row.buffer(), row.valueStart(column), row.valueLength(column));
            }
        }

        @Override
        void write(int index, PayloadWriter out) {
            if (!any) {
                writeNull(out);
            } else {
                writeText(out, exact ? decimalText(decimal, definition) : DoubleText.format(approximate));
            }
        }
    }

    /** AVG: the per-node SUMs over the per-node COUNTs, rounded to the AVG column's scale. */
    static final class Average extends Accumulator {
        private final ColumnDefinition41 definition;
        private final int sumColumn;
        private final boolean exact;
        private final int countColumn;
        private BigDecimal decimal;
        private double approximate;
        private long count;

        Average(int column, ColumnDefinition41 definition, int sumColumn, ColumnDefinition41 sumDefinition,
                int countColumn) {
            super(column);
            this.definition = definition;
            this.sumColumn = sumColumn;
            this.exact = exact(sumDefinition) && exact(definition);
            this.countColumn = countColumn;
        }

        @Override
        void reset() {
            decimal = BigDecimal.ZERO;
            approximate = 0;
            count = 0;
        }

        @Override
        void add(Row row) {
            if (row.isNull(sumColumn)) {
                return;
            }
            count += Values.parseLong(row.buffer(), row.valueStart(countColumn), row.valueLength(countColumn));
            if (exact) {
                decimal = decimal.add(Values.parseDecimal(row.buffer(), row.valueStart(sumColumn),
                        row.valueLength(sumColumn)));
            } else {
                approximate += Values.parseDouble(row.buffer(), row.valueStart(sumColumn), row.valueLength(sumColumn));
            }
        }

        @Override
        void write(int index, PayloadWriter out) {
            if (count == 0) {
                writeNull(out);
            } else if (exact) {
                int scale = Math.min(definition.decimals(), NOT_FIXED_DECIMALS - 1);
                writeText(out, decimal.divide(BigDecimal.valueOf(count), scale, RoundingMode.HALF_UP).toPlainString());
            } else {
                writeText(out, DoubleText.format(approximate / count));
            }
        }
    }

    /** MIN or MAX: the row holding the extreme value is kept, and its value and weight are written. */
    static final class Extreme extends Accumulator {
        private final int weightColumn;
        private final boolean max;
        private final RowComparator order;
        private Row best;

        Extreme(int column, int weightColumn, boolean max, List<ColumnDefinition41> columns) {
            super(column);
            this.weightColumn = weightColumn;
            this.max = max;
            this.order = RowComparator.of(List.of(new SortKey(column, weightColumn, false)), columns);
        }

        @Override
        void reset() {
            if (best != null) {
                best.release();
                best = null;
            }
        }

        @Override
        void add(Row row) {
            if (row.isNull(column)) {
                return;
            }
            if (best == null) {
                best = row.retain();
                return;
            }
            int cmp = order.compare(row, best);
            if (max ? cmp > 0 : cmp < 0) {
                best.release();
                best = row.retain();
            }
        }

        @Override
        boolean writes(int index) {
            return index == column || index == weightColumn;
        }

        @Override
        void write(int index, PayloadWriter out) {
            if (best == null || best.isNull(index)) {
                writeNull(out);
                return;
            }
            out.lenencInt(best.valueLength(index));
            out.bytes(best.buffer().slice(best.valueStart(index), best.valueLength(index)));
        }
    }
}
