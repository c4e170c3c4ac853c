package io.tessera.backend.host;

import java.util.concurrent.CompletableFuture;

/**
 * Where a data host's automatic switch of its active write host is decided: by the data host alone ({@link #LOCAL}),
 * or once for every Tessera node that shares the data host, so that all of them write to the same server (MyCat's
 * {@code useZKSwitch}).
 */
@FunctionalInterface
public interface SwitchArbiter {

    /** The data host decides alone: what its heartbeats chose. */
    SwitchArbiter LOCAL = (dataHost, from, to) -> CompletableFuture.completedFuture(to);

    /**
     * Agrees on giving up write host {@code from} of {@code dataHost} for write host {@code to}.
     *
     * @return the write host every node is to write to: {@code to}, or the one another node decided for the same
     *     failure; fails when no agreement could be reached, and writes then stay where they are
     */
    CompletableFuture<Integer> decide(String dataHost, int from, int to);
}
