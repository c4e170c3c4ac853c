package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;

/**
 * Runs {@link io.tessera.router.plan.Project}: cuts the hidden columns off each row. They are the last ones, so the
 * row keeps its buffer and only ends earlier: nothing is copied.
 */
@HotPath
final class ProjectOperator implements RowSource {

    private final int visibleColumns;
    private final RowSource input;

    ProjectOperator(int visibleColumns, RowSource input) {
        this.visibleColumns = visibleColumns;
        this.input = input;
    }

    @Override
    public Row next() {
        Row row = input.next();
        if (row != null) {
            row.keep(visibleColumns);
        }
        return row;
    }

    @Override
    public boolean isDone() {
        return input.isDone();
    }

    @Override
    public void discard() {
        input.discard();
    }
}
