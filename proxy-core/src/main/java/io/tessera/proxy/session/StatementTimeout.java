package io.tessera.proxy.session;

import static java.util.concurrent.TimeUnit.NANOSECONDS;

import io.tessera.backend.BackendConnection;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * server.xml's {@code sqlExecuteTimeout} for one client connection: a statement that runs on data nodes longer than
 * the timeout is killed there ({@code KILL QUERY} on every connection still running it, {@link Session#running}),
 * and the data nodes' 1317 reaches the client as MySQL's answer to max_execution_time, 3024 ({@link #answer}).
 *
 * <p>Armed by whoever sends the statement to data nodes, disarmed when it ends ({@link ClientChannel#commandDone},
 * {@link ClientChannel#statementFailed}). Arming only moves a deadline: one check per connection stays scheduled on
 * the client's event loop and, when it comes due while a statement runs, looks again at that statement's deadline,
 * so a connection's statements do not each schedule (and cancel) a task of their own.
 */
public final class StatementTimeout {

    private static final Logger LOG = LogManager.getLogger(StatementTimeout.class);

    /** KILL QUERY for the statement running on {@code backend}, a connection of {@code dataNode}. */
    @FunctionalInterface
    public interface Killer {
        CompletableFuture<Void> killQuery(BackendConnection backend, String dataNode);
    }

    private final ClientChannel client;
    private ScheduledFuture<?> check; // the pending check of the deadline, kept from statement to statement
    private boolean running; // a statement runs under the timeout
    private long deadline; // the event loop's nanoTime by which it must have ended
    private Duration limit;
    private Killer killer;
    private String killedOn; // the data nodes where the statement was killed, once the timer has fired

    StatementTimeout(ClientChannel client) {
        this.client = client;
    }

    /** The statement starting now is killed if it still runs on data nodes after {@code limit}. On the loop. */
    public void arm(Duration limit, Killer killer) {
        this.limit = limit;
        this.killer = killer;
        killedOn = null;
        running = true;
        deadline = client.channel().eventLoop().ticker().nanoTime() + limit.toNanos();
        if (check == null) {
            check = client.channel().eventLoop().schedule(this::checkDeadline, limit.toNanos(), NANOSECONDS);
        }
    }

    /** Whether a statement runs under the timeout (tests). */
    boolean armed() {
        return running;
    }

    /** The check came due: a statement past its deadline is killed; one that started later is checked again then. */
    private void checkDeadline() {
        check = null;
        if (!running) {
            return;
        }
        long left = deadline - client.channel().eventLoop().ticker().nanoTime();
        if (left > 0) {
            check = client.channel().eventLoop().schedule(this::checkDeadline, left, NANOSECONDS);
            return;
        }
        running = false;
        expire();
    }

    private void expire() {
        Map<BackendConnection, String> running = client.session().running();
        if (running.isEmpty()) {
            return; // still waiting for a connection (bounded by poolMaxWait), or done
        }
        killedOn = String.join(", ", new TreeSet<>(running.values()));
        long connectionId = client.session().connectionId();
        for (Map.Entry<BackendConnection, String> entry : new ArrayList<>(running.entrySet())) {
            killer.killQuery(entry.getKey(), entry.getValue()).whenComplete((r, error) -> {
                if (error != null) {
                    LOG.warn("connection {}: sqlExecuteTimeout: KILL QUERY on data node {} failed: {}", connectionId,
                            entry.getValue(), error.toString());
                }
            });
        }
    }

    /**
     * The ERR the client gets for {@code err}: after the timer fired, a data node's 1317 (its KILL QUERY) becomes
     * 3024 naming the timeout and the data nodes; anything else stays as it is. A 1317 that says more than the data
     * node's words, perhaps with the node named (what a write on several nodes left done or undone), keeps that in
     * parentheses.
     */
    public ErrPacket answer(ErrPacket err) {
        if (killedOn == null || err.errorCode() != ErrorCode.QUERY_INTERRUPTED.code()) {
            return err;
        }
        String more = err.message().endsWith(ErrorCode.QUERY_INTERRUPTED.message()) ? "" : " (" + err.message() + ")";
        return new ErrPacket(ErrorCode.QUERY_TIMEOUT.code(), ErrorCode.QUERY_TIMEOUT.sqlState(),
                ErrorCode.QUERY_TIMEOUT.message(": sqlExecuteTimeout (" + limit.toSeconds()
                        + " s) exceeded on data node(s) " + killedOn + more));
    }

    /** The statement has ended; the pending check, if any, finds nothing running and lapses. */
    void cancel() {
        running = false;
        killedOn = null;
    }

    /** The connection has closed: nothing of it stays scheduled. */
    void close() {
        cancel();
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }
}
