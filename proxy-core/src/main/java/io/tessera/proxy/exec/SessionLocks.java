package io.tessera.proxy.exec;

import io.tessera.backend.BackendConnection;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * What the deadlock detector needs of one client session at a moment, taken on the session's event loop: the
 * connections it holds or runs a statement on (each a thread of a data host's server, which the data hosts' lock
 * waits name), the statement under {@link io.tessera.proxy.session.LockWait} and how long it has waited, and its
 * transaction's age.
 *
 * @param statement the number of the statement under the watch, 0 when none
 * @param victim whether that statement is already a victim, its KILL under way
 * @param transactionStarted when the transaction's first data node joined (System.nanoTime())
 * @param sql the statement's text, for the log
 */
record SessionLocks(ClientChannel client, long statement, boolean victim, long waitedNanos, long transactionStarted,
        List<Held> held, String sql) {

    /** A connection of the session: {@code running} when a statement of the session runs on it now. */
    record Held(BackendConnection backend, String dataNode, boolean running) {

        /** The server of the connection, "host:port", whichever data host reaches it. */
        String server() {
            return serverOf(backend.dataHost());
        }
    }

    /** The sessions of {@code clients} that hold or use a data node's connection. */
    static CompletableFuture<List<SessionLocks>> gather(List<ClientChannel> clients) {
        List<CompletableFuture<SessionLocks>> taken = new ArrayList<>();
        for (ClientChannel client : clients) {
            taken.add(CompletableFuture.supplyAsync(() -> of(client), client.channel().eventLoop()));
        }
        return CompletableFuture.allOf(taken.toArray(CompletableFuture[]::new))
                .thenApply(all -> taken.stream().map(CompletableFuture::join).filter(Objects::nonNull).toList());
    }

    /** On the client's event loop; {@code null} when it holds no connection. */
    private static SessionLocks of(ClientChannel client) {
        Session session = client.session();
        Map<BackendConnection, String> running = session.running();
        Map<String, BackendConnection> pinned = session.pinned();
        if (running.isEmpty() && pinned.isEmpty()) {
            return null;
        }
        List<Held> held = new ArrayList<>();
        pinned.forEach((node, backend) -> held.add(new Held(backend, node, running.containsKey(backend))));
        running.forEach((backend, node) -> {
            if (pinned.get(node) != backend) {
                held.add(new Held(backend, node, true));
            }
        });
        long statement = client.lockWait().waiting();
        return new SessionLocks(client, statement, client.lockWait().victim(),
                statement == 0 ? 0 : client.lockWait().waitedNanos(), session.transaction().startedNanos(),
                List.copyOf(held), client.activity().lastStatement());
    }

    /** "host:port" of a data host's description ("data host host1 (127.0.0.1:3306)"). */
    static String serverOf(String dataHost) {
        int open = dataHost.lastIndexOf('(');
        int close = dataHost.lastIndexOf(')');
        return open >= 0 && close > open ? dataHost.substring(open + 1, close) : dataHost;
    }

    long connectionId() {
        return client.session().connectionId();
    }
}
