package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBufAllocator;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * Runs {@link io.tessera.router.plan.Aggregate}: the input is sorted by the group keys, so the rows of a group are
 * adjacent; each group's rows are combined into one as they pass, and the group goes out when the next begins. Holds
 * one group: its first row (for the columns no aggregate writes) and what the accumulators keep.
 */
final class AggregateOperator implements RowSource {

    private final RowComparator groupKeys;  // null: one group of every row
    private final Accumulator[] accumulators;
    private final Accumulator[] writerOf;   // by column: the accumulator that writes it, or null
    private final RowSource input;
    private final ByteBufAllocator alloc;
    private Row first;
    private boolean finished;

    AggregateOperator(RowComparator groupKeys, Accumulator[] accumulators, int columnCount, RowSource input,
            ByteBufAllocator alloc) {
        this.groupKeys = groupKeys;
        this.accumulators = accumulators;
        this.writerOf = new Accumulator[columnCount];
        for (int c = 0; c < columnCount; c++) {
            for (Accumulator a : accumulators) {
                if (a.writes(c)) {
                    writerOf[c] = a;
                }
            }
        }
        this.input = input;
        this.alloc = alloc;
    }

    @Override
    public Row next() {
        if (finished) {
            return null;
        }
        Row row;
        while ((row = input.next()) != null) {
            if (first == null) {
                begin(row);
            } else if (groupKeys == null || groupKeys.compare(first, row) == 0) {
                add(row);
                row.release();
            } else {
                Row group = build();
                begin(row);
                return group;
            }
        }
        if (!input.isDone()) {
            return null;
        }
        finished = true;
        return first == null ? null : build();
    }

    @Override
    public boolean isDone() {
        return finished;
    }

    @Override
    public void discard() {
        if (first != null) {
            first.release();
            first = null;
        }
        for (Accumulator a : accumulators) {
            a.reset();
        }
        input.discard();
    }

    private void begin(Row row) {
        first = row;
        for (Accumulator a : accumulators) {
            a.reset();
        }
        add(row);
    }

    private void add(Row row) {
        for (Accumulator a : accumulators) {
            a.add(row);
        }
    }

    /** The group's merged row; releases its first row. */
    private Row build() {
        Row group = first;
        first = null;
        PayloadWriter out = PayloadWriter.allocate(alloc, group.size() + 16);
        int columns = writerOf.length;
        for (int c = 0; c < columns; c++) {
            Accumulator a = writerOf[c];
            if (a != null) {
                a.write(c, out);
            } else if (group.isNull(c)) {
                Accumulator.writeNull(out);
            } else {
                out.lenencInt(group.valueLength(c));
                out.bytes(group.buffer().slice(group.valueStart(c), group.valueLength(c)));
            }
        }
        group.release();
        for (Accumulator a : accumulators) {
            a.reset(); // MIN and MAX let go of their rows
        }
        return new Row(out.frame());
    }
}
