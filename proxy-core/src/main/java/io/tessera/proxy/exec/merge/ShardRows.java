package io.tessera.proxy.exec.merge;

/** One data node's rows as the merge operators read them: buffered, in the order the node sent them. */
interface ShardRows {

    /** The node's position in the route: ties between nodes break by it. */
    int index();

    /** The next buffered row without taking it, or {@code null} when none is buffered. */
    Row peek();

    /** Takes the next buffered row, or {@code null} when none is buffered. */
    Row poll();

    /** Every row has arrived and been taken. */
    boolean isDrained();
}
