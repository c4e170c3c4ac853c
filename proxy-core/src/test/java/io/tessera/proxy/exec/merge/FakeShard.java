package io.tessera.proxy.exec.merge;

import java.util.ArrayDeque;

/** A data node's rows delivered by hand. */
final class FakeShard implements ShardRows {

    private final int index;
    private final ArrayDeque<Row> rows = new ArrayDeque<>();
    private boolean complete;

    FakeShard(int index) {
        this.index = index;
    }

    FakeShard send(Row... more) {
        rows.addAll(java.util.List.of(more));
        return this;
    }

    FakeShard complete() {
        complete = true;
        return this;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public Row peek() {
        return rows.peek();
    }

    @Override
    public Row poll() {
        return rows.poll();
    }

    @Override
    public boolean isDrained() {
        return complete && rows.isEmpty();
    }
}
