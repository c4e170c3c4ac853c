package io.tessera.proxy.session;

import io.netty.buffer.ByteBuf;
import java.util.ArrayDeque;

/**
 * The rows of an EXECUTE that opened a cursor (CURSOR_TYPE_READ_ONLY), held until the client fetches them with
 * COM_STMT_FETCH: binary-protocol row payloads, in order. Tessera materializes the result as MySQL does for a
 * cursor, within {@code mergeMemoryLimit}.
 */
public final class Cursor {

    private final ArrayDeque<ByteBuf> rows = new ArrayDeque<>();
    private long bytes;

    /** Takes ownership of {@code row}. */
    public void add(ByteBuf row) {
        rows.add(row);
        bytes += row.readableBytes();
    }

    public long bytes() {
        return bytes;
    }

    /** The next row's payload (the caller owns it), or {@code null} when every row has been fetched. */
    public ByteBuf next() {
        ByteBuf row = rows.poll();
        if (row != null) {
            bytes -= row.readableBytes();
        }
        return row;
    }

    public boolean exhausted() {
        return rows.isEmpty();
    }

    /** Releases the rows not fetched. */
    public void close() {
        ByteBuf row;
        while ((row = rows.poll()) != null) {
            row.release();
        }
        bytes = 0;
    }
}
