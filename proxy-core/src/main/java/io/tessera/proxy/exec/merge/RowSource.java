package io.tessera.proxy.exec.merge;

/**
 * Rows pulled one at a time. A source that has no row ready yet returns {@code null} and is asked again when a data
 * node sends more; ownership of each row passes to the caller.
 */
interface RowSource {

    /** The next row, or {@code null} when none is ready now or none will come ({@link #isDone}). */
    Row next();

    /** No row will come any more. */
    boolean isDone();

    /** Gives up the rows held: the statement ended early or failed. */
    default void discard() {
    }
}
