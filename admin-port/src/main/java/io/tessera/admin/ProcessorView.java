package io.tessera.admin;

/**
 * One event loop (processor) of the 8066 port, as {@code show @@processor} reports it (MyCat's
 * {@code ShowProcessor}).
 *
 * @param name              {@code Processor0}, {@code Processor1}... as in {@link ConnectionView#processor()} (NAME)
 * @param netInBytes        bytes received from the client connections served on this loop since the start: those
 *                          closed and those open now (NET_IN)
 * @param netOutBytes       bytes sent to them, likewise (NET_OUT)
 * @param reactCount        protocol commands dispatched on this loop since the start, of every kind (REACT_COUNT)
 * @param readQueue         tasks waiting in the loop's task queue (R_QUEUE)
 * @param writeQueueBytes   bytes written to this loop's client connections and not yet flushed to their sockets
 *                          (W_QUEUE)
 * @param freeBuffer        this loop's even share of the direct memory the channels' buffer allocator may still take
 *                          (FREE_BUFFER)
 * @param totalBuffer       this loop's even share of the direct memory the allocator may take in all: the JVM's
 *                          limit (TOTAL_BUFFER)
 * @param bufferPercent     the allocator's direct memory in use, in percent of that limit (BU_PERCENT)
 * @param bufferWarnings    times buffers ran short (BU_WARNS); Tessera has no such event and reports 0
 * @param frontConnections  client connections served on this loop now (FC_COUNT)
 * @param backConnections   backend connections on this loop now ({@code show @@backend} rows) (BC_COUNT)
 */
public record ProcessorView(String name, long netInBytes, long netOutBytes, long reactCount, int readQueue,
        int writeQueueBytes, long freeBuffer, long totalBuffer, int bufferPercent, int bufferWarnings,
        int frontConnections, int backConnections) {
}
