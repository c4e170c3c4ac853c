package io.tessera.proxy.exec.merge;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;

/**
 * The memory one statement's merge may hold in rows it must buffer (a sort the data nodes cannot do), set by
 * {@code mergeMemoryLimit} in server.xml. Beyond it the statement fails with MySQL's out-of-sort-memory error rather
 * than the JVM running out of heap.
 */
final class MergeBudget {

    private final long limitBytes;
    private long used;

    MergeBudget(long limitBytes) {
        this.limitBytes = limitBytes;
    }

    void reserve(int bytes, String what) {
        used += bytes;
        if (used > limitBytes) {
            throw new TesseraException(ErrorCode.OUT_OF_SORT_MEMORY, what + " needs more than mergeMemoryLimit ("
                    + limitBytes + " bytes) to merge the rows of several data nodes: raise mergeMemoryLimit in"
                    + " server.xml, or narrow the query (a WHERE, a LIMIT, fewer columns)");
        }
    }

    void free(int bytes) {
        used -= bytes;
    }
}
