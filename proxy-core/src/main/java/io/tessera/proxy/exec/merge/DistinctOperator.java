package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;

/**
 * Runs {@link io.tessera.router.plan.Distinct}: the input is sorted on the keys, so a duplicate follows the row it
 * repeats; the operator keeps a reference to the last row it passed on and drops rows equal to it.
 */
@HotPath
final class DistinctOperator implements RowSource {

    private final RowComparator keys;
    private final RowSource input;
    private Row previous;

    DistinctOperator(RowComparator keys, RowSource input) {
        this.keys = keys;
        this.input = input;
    }

    @Override
    public Row next() {
        Row row;
        while ((row = input.next()) != null) {
            if (previous != null && keys.compare(previous, row) == 0) {
                row.release();
                continue;
            }
            if (previous != null) {
                previous.release();
            }
            previous = row.retain();
            return row;
        }
        return null;
    }

    @Override
    public boolean isDone() {
        boolean done = input.isDone();
        if (done) {
            forget();
        }
        return done;
    }

    @Override
    public void discard() {
        forget();
        input.discard();
    }

    private void forget() {
        if (previous != null) {
            previous.release();
            previous = null;
        }
    }
}
