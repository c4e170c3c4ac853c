package io.tessera.proxy.sequence;

import java.util.concurrent.CompletableFuture;

/**
 * Tessera's global sequences (MyCat's {@code next value for MYCATSEQ_<NAME>} and {@code autoIncrement="true"}
 * tables): ids unique across every data node, and across Tessera processes where the handler type allows it.
 * Names are MyCat's: upper-case, without the {@code MYCATSEQ_} prefix ({@code GLOBAL}, {@code TRAVELRECORD}).
 */
public interface Sequences extends AutoCloseable {

    /**
     * Takes {@code count} consecutive ids of sequence {@code name} (MySQL's multi-row INSERT gives consecutive ids,
     * and JDBC drivers compute a multi-row insert's generated keys from the first). Completes, on any thread, with
     * the first; fails with a {@link io.tessera.protocol.error.TesseraException} naming the sequence and the reason
     * ({@code UNKNOWN_SEQUENCES}, {@code SEQUENCE_RUN_OUT}, or the unreachable node's error). Never blocks the
     * caller: a handler that must write a file or ask a data node does so elsewhere.
     *
     * @param count at least 1
     */
    CompletableFuture<Long> next(String name, int count);

    /** Whether a sequence {@code name} is configured (upper-case, without the prefix). */
    boolean has(String name);

    /** Lets go of files and connections; ids not handed out yet are lost (a gap), never handed out twice. */
    @Override
    default void close() {
    }
}
