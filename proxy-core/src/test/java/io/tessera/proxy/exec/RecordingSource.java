package io.tessera.proxy.exec;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.host.ConnectionSource;
import io.tessera.backend.host.Intent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A data host that lends the connections a test gave it, in order, and records every borrow. */
final class RecordingSource implements ConnectionSource {

    private final ArrayDeque<BackendConnection> connections = new ArrayDeque<>();
    private final List<String> borrows = new ArrayList<>();

    RecordingSource lend(BackendConnection... more) {
        connections.addAll(List.of(more));
        return this;
    }

    /** Each borrow as {@code database/intent}, e.g. {@code db1/READ}. */
    List<String> borrows() {
        return borrows;
    }

    /** Recorded as {@code beside:<connection id>}. */
    @Override
    public CompletableFuture<BackendConnection> borrowBeside(BackendConnection lent) {
        borrows.add("beside:" + lent.connectionId());
        BackendConnection next = connections.poll();
        return next != null ? CompletableFuture.completedFuture(next)
                : CompletableFuture.failedFuture(new BackendException(lent.dataHost(), "no connection"));
    }

    @Override
    public CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred,
            Intent intent) {
        borrows.add(database + "/" + intent);
        BackendConnection next = connections.poll();
        return next != null ? CompletableFuture.completedFuture(next)
                : CompletableFuture.failedFuture(new BackendException("data host host1 (127.0.0.1:3306)",
                        "no connection within 5000 ms (active=1/1, idle=0, waiting=1)"));
    }
}
