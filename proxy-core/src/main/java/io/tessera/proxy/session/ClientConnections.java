package io.tessera.proxy.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The open client connections, for COM_STATISTICS, KILL, the admin port and shutdown, and whether the server is in
 * service for them (the admin port's {@code offline} and {@code online}). Thread-safe. The front end registers and
 * counts; the admin views and shutdown only read and close, so this lives beside the session rather than in the front
 * end that fills it.
 */
public final class ClientConnections {

    private final Map<Long, ClientChannel> open = new ConcurrentHashMap<>();
    /** What {@link #whenClosed} handed out, by connection id; empty unless someone waits. */
    private final Map<Long, CompletableFuture<Void>> awaited = new ConcurrentHashMap<>();
    private final LongAdder questions = new LongAdder();
    private final long startedMillis = System.currentTimeMillis();
    private volatile boolean online = true;

    /** A client connected: {@code client} counts from now on, logged in or not yet. */
    public void opened(ClientChannel client) {
        open.put(client.session().connectionId(), client);
    }

    /** {@code client}'s channel closed. */
    public void closed(ClientChannel client) {
        long id = client.session().connectionId();
        open.remove(id);
        CompletableFuture<Void> waiting = awaited.remove(id);
        if (waiting != null) {
            waiting.complete(null);
        }
    }

    /**
     * Completes once the connection with this id is no longer open, i.e. is no longer in {@link #snapshot()} (at once
     * when it is not open now). A channel's close future completes before its handlers hear of it: this completes
     * after.
     */
    public CompletableFuture<Void> whenClosed(long connectionId) {
        CompletableFuture<Void> closed = awaited.computeIfAbsent(connectionId, id -> new CompletableFuture<>());
        if (!open.containsKey(connectionId)) { // closed before, or meanwhile: closed() may not have seen it
            awaited.remove(connectionId, closed);
            closed.complete(null);
        }
        return closed;
    }

    /** The open connection with this id, or {@code null}. */
    public ClientChannel get(long connectionId) {
        return open.get(connectionId);
    }

    /** One more command from a client, for COM_STATISTICS' {@code Questions}. */
    public void countQuestion() {
        questions.increment();
    }

    public int count() {
        return open.size();
    }

    public long questions() {
        return questions.sum();
    }

    public long uptimeSeconds() {
        return (System.currentTimeMillis() - startedMillis) / 1000;
    }

    /** The connections open now, in no particular order. */
    public List<ClientChannel> snapshot() {
        return new ArrayList<>(open.values());
    }

    /**
     * Whether the server is in service: true until the admin port's {@code offline}, and again after {@code online}.
     * Offline, clients' pings fail (MyCat's semantics: load balancers that ping see the server gone), while statements
     * still run and new clients still log in.
     */
    public boolean online() {
        return online;
    }

    public void online(boolean online) {
        this.online = online;
    }

    /** Closes every client connection (shutdown). */
    public void closeAll() {
        open.values().forEach(c -> c.channel().close());
    }
}
