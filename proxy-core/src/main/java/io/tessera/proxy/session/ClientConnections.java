package io.tessera.proxy.session;

import io.tessera.proxy.session.ClientChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The open client connections, for COM_STATISTICS, the admin port and shutdown. Thread-safe. */
public final class ClientConnections {

    private final Map<Long, ClientChannel> open = new ConcurrentHashMap<>();
    private final LongAdder questions = new LongAdder();
    private final long startedMillis = System.currentTimeMillis();

    public void opened(ClientChannel client) {
        open.put(client.session().connectionId(), client);
    }

    public void closed(ClientChannel client) {
        open.remove(client.session().connectionId());
    }

    /** The open connection with this id, or {@code null}. */
    public ClientChannel get(long connectionId) {
        return open.get(connectionId);
    }

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
