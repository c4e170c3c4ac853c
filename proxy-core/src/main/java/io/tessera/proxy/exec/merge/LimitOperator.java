package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;

/** Runs {@link io.tessera.router.plan.Limit}: skips {@code offset} rows, then passes on at most {@code count}. */
@HotPath
final class LimitOperator implements RowSource {

    private final RowSource input;
    private long toSkip;
    private long left;

    LimitOperator(long offset, long count, RowSource input) {
        this.input = input;
        this.toSkip = offset;
        this.left = count;
    }

    @Override
    public Row next() {
        if (left == 0) {
            return null;
        }
        while (toSkip > 0) {
            Row skipped = input.next();
            if (skipped == null) {
                return null;
            }
            skipped.release();
            toSkip--;
        }
        Row row = input.next();
        if (row != null) {
            left--;
        }
        return row;
    }

    /** Done once {@code count} rows went out: the rest of the data nodes' rows are not needed. */
    @Override
    public boolean isDone() {
        return left == 0 || input.isDone();
    }

    @Override
    public void discard() {
        input.discard();
    }
}
