package io.tessera.proxy.session;

import static java.util.concurrent.TimeUnit.NANOSECONDS;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.util.concurrent.ScheduledFuture;

/**
 * The watch for a distributed deadlock over one client connection's statements: a statement of a transaction that
 * still runs on data nodes after server.xml's {@code deadlockCheckPeriod} is reported to the detector
 * ({@code io.tessera.proxy.exec.DeadlockDetector}), which reads the data hosts' lock waits for a cycle across them.
 * When the detector picks this connection's transaction as a cycle's victim ({@link #victim}), it kills the waiting
 * statement; the data node's 1317 then reaches the client as MySQL's deadlock, 1213, and the transaction is marked
 * lost, so the front end rolls it back on every data node before the next command ({@link #answer}).
 *
 * <p>As {@link StatementTimeout}: arming moves a start time only, and one check per connection stays scheduled on the
 * client's event loop from statement to statement. Runs on that loop.
 */
public final class LockWait {

    /** Told of a statement that has waited on data nodes for the period; it will ask {@link #waiting} from now on. */
    @FunctionalInterface
    public interface Detector {
        void waiting(ClientChannel client);
    }

    private final ClientChannel client;
    private ScheduledFuture<?> check;
    private boolean running; // a statement of a transaction runs on data nodes
    private long statement; // counts armed statements: tells the statement the detector saw from a later one
    private long startedNanos; // the event loop's nanoTime when it started
    private long periodNanos;
    private Detector detector;
    private String victimOn; // the data node where the statement was killed as a deadlock's victim

    LockWait(ClientChannel client) {
        this.client = client;
    }

    /** A statement that may wait for row locks starts on data nodes now; {@code detector} hears of it in a period. */
    public void arm(long periodNanos, Detector detector) {
        this.periodNanos = periodNanos;
        this.detector = detector;
        running = true;
        statement++;
        victimOn = null;
        startedNanos = client.channel().eventLoop().ticker().nanoTime();
        if (check == null) {
            check = client.channel().eventLoop().schedule(this::checkWait, periodNanos, NANOSECONDS);
        }
    }

    private void checkWait() {
        check = null;
        if (!running) {
            return;
        }
        long left = startedNanos + periodNanos - client.channel().eventLoop().ticker().nanoTime();
        if (left > 0) {
            check = client.channel().eventLoop().schedule(this::checkWait, left, NANOSECONDS);
            return;
        }
        detector.waiting(client);
    }

    /** The statement running now, numbered; 0 when none runs under the watch. */
    public long waiting() {
        return running ? statement : 0;
    }

    /** How long the statement running now has waited, in nanoseconds. */
    public long waitedNanos() {
        return client.channel().eventLoop().ticker().nanoTime() - startedNanos;
    }

    /** Whether the statement running now is a victim whose KILL is under way. */
    public boolean victim() {
        return victimOn != null;
    }

    /**
     * The detector picked the transaction as a deadlock's victim while {@code statement} waits on {@code dataNode};
     * false, and nothing changes, when that statement has ended meanwhile.
     */
    public boolean victim(long statement, String dataNode) {
        if (!running || this.statement != statement) {
            return false;
        }
        victimOn = dataNode;
        return true;
    }

    /**
     * The ERR the client gets for {@code err}: a victim's 1317 (the KILL QUERY) becomes 1213, and its transaction is
     * lost: the front end rolls back the rest on every node, as one server's deadlock rolls back the transaction.
     * Anything else stays as it is.
     */
    public ErrPacket answer(ErrPacket err) {
        if (victimOn == null || err.errorCode() != ErrorCode.QUERY_INTERRUPTED.code()) {
            return err;
        }
        Transaction transaction = client.session().transaction();
        if (client.session().inTransaction() && transaction.hasParticipants()) {
            transaction.lost(victimOn);
        }
        return new ErrPacket(ErrorCode.DEADLOCK.code(), ErrorCode.DEADLOCK.sqlState(), ErrorCode.DEADLOCK.message());
    }

    /** The statement has ended; the pending check, if any, finds nothing running and lapses. */
    void cancel() {
        running = false;
        victimOn = null;
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
