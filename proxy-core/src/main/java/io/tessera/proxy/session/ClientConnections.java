package io.tessera.proxy.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The open client connections, for COM_STATISTICS, KILL, the admin port and shutdown. Thread-safe. The front end
 * registers and counts; the admin views and shutdown only read and close, so this lives beside the session rather
 * than in the front end that fills it.
 */
public final class ClientConnections {

    private final Map<Long, ClientChannel> open = new ConcurrentHashMap<>();
    private final LongAdder questions = new LongAdder();
    private final long startedMillis = System.currentTimeMillis();

    /** A client connected: {@code client} counts from now on, logged in or not yet. */
    public void opened(ClientChannel client) {
        open.put(client.session().connectionId(), client);
    }

    /** {@code client}'s channel closed. */
    public void closed(ClientChannel client) {
        open.remove(client.session().connectionId());
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

    /** Closes every client connection (shutdown). */
    public void closeAll() {
        open.values().forEach(c -> c.channel().close());
    }
}
