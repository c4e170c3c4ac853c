package io.tessera.proxy.session;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The open client connections, for COM_STATISTICS, SHOW PROCESSLIST and SHOW STATUS, KILL, the admin port and
 * shutdown, the counts of connections since the start, and whether the server is in service for them (the admin
 * port's {@code offline} and {@code online}). Thread-safe. The front end registers; the admin views, the local
 * statements and shutdown only read and close, so this lives beside the session rather than in the front end that
 * fills it.
 */
public final class ClientConnections {

    private final Map<Long, ClientChannel> open = new ConcurrentHashMap<>();
    /** What {@link #whenClosed} handed out, by connection id; empty unless someone waits. */
    private final Map<Long, CompletableFuture<Void>> awaited = new ConcurrentHashMap<>();
    private final long startedMillis = System.currentTimeMillis();
    private final LongAdder connected = new LongAdder();
    private final LongAdder aborted = new LongAdder();
    private final LongAccumulator mostAtOnce = new LongAccumulator(Math::max, 0);
    private final LongAdder closedBytesReceived = new LongAdder();
    private final LongAdder closedBytesSent = new LongAdder();
    private final StatusCounters status = new StatusCounters();
    /** Per event loop: a few, created as each serves its first client. */
    private final Map<EventLoop, CommandCounters> commands = new ConcurrentHashMap<>();
    /** Per event loop: the bytes of its connections that have closed. */
    private final Map<EventLoop, Traffic> closedTraffic = new ConcurrentHashMap<>();
    private final Map<EventLoop, RoutingCounters> routing = new ConcurrentHashMap<>();
    private volatile boolean online = true;

    /** The commands dispatched on {@code loop} ({@code show @@command}); created on first use. */
    public CommandCounters commandCounters(EventLoop loop) {
        return commands.computeIfAbsent(loop, l -> new CommandCounters());
    }

    /** What parsing and routing cost on {@code loop} ({@code show @@parser}, {@code show @@router}). */
    public RoutingCounters routingCounters(EventLoop loop) {
        return routing.computeIfAbsent(loop, l -> new RoutingCounters());
    }

    /** A client connected: {@code client} counts from now on, logged in or not yet. */
    public void opened(ClientChannel client) {
        open.put(client.session().connectionId(), client);
        connected.increment();
        mostAtOnce.accumulate(open.size());
    }

    /** {@code client}'s channel closed; one that never logged in counts as an aborted connection attempt. */
    public void closed(ClientChannel client) {
        long id = client.session().connectionId();
        open.remove(id);
        if (client.session().user() == null) {
            aborted.increment();
        }
        long received = client.bytesRead();
        long sent = client.writer().bytesWritten();
        closedBytesReceived.add(received);
        closedBytesSent.add(sent);
        Traffic traffic = closedTraffic.computeIfAbsent(client.channel().eventLoop(), l -> new Traffic());
        traffic.received.add(received);
        traffic.sent.add(sent);
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

    /** What the clients' commands and statements were: {@code Questions}, {@code Com_select}, ... */
    public StatusCounters status() {
        return status;
    }

    /** The connections open now ({@code Threads_connected}), logged in or not yet. */
    public int count() {
        return open.size();
    }

    /** Open connections running a command now ({@code Threads_running}). */
    public int running() {
        int running = 0;
        for (ClientChannel client : open.values()) {
            if (client.activity().running()) {
                running++;
            }
        }
        return running;
    }

    /** Connection attempts since the start, successful or not ({@code Connections}). */
    public long connections() {
        return connected.sum();
    }

    /** Connections closed before they logged in ({@code Aborted_connects}). */
    public long abortedConnects() {
        return aborted.sum();
    }

    /** The most connections open at once since the start ({@code Max_used_connections}). */
    public long mostAtOnce() {
        return mostAtOnce.get();
    }

    /** Bytes received from every client since the start, after login ({@code Bytes_received}). */
    public long bytesReceived() {
        long bytes = closedBytesReceived.sum();
        for (ClientChannel client : open.values()) {
            bytes += client.bytesRead();
        }
        return bytes;
    }

    /** Bytes sent to every client since the start, after login ({@code Bytes_sent}). */
    public long bytesSent() {
        long bytes = closedBytesSent.sum();
        for (ClientChannel client : open.values()) {
            bytes += client.writer().bytesWritten();
        }
        return bytes;
    }

    /** Bytes received from the clients of {@code loop} whose connections have closed ({@code show @@processor}). */
    public long closedBytesReceived(EventLoop loop) {
        Traffic traffic = closedTraffic.get(loop);
        return traffic == null ? 0 : traffic.received.sum();
    }

    /** Bytes sent to the clients of {@code loop} whose connections have closed ({@code show @@processor}). */
    public long closedBytesSent(EventLoop loop) {
        Traffic traffic = closedTraffic.get(loop);
        return traffic == null ? 0 : traffic.sent.sum();
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

    /** One event loop's totals, in adders: cheap, and right whichever thread reports a close. */
    private record Traffic(LongAdder received, LongAdder sent) {
        Traffic() {
            this(new LongAdder(), new LongAdder());
        }
    }
}
