package io.tessera.proxy.session;

import io.tessera.router.parse.StatementType;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server's {@link StatusCounter}s, counted for the whole server and for the session of each command: one
 * {@link LongAdder} increment (and one array slot of the session) per command and per statement, never per row.
 * Thread-safe; lives as long as the server.
 */
public final class StatusCounters {

    private final LongAdder[] counters = new LongAdder[StatusCounter.COUNT];

    public StatusCounters() {
        for (int i = 0; i < counters.length; i++) {
            counters[i] = new LongAdder();
        }
    }

    /** A command from a client: {@code Questions}, {@code Queries} and its {@code Com_stmt_xxx}, as MySQL counts. */
    public void command(Session session, int command) {
        if (StatusCounter.isQuestion(command)) {
            count(session, StatusCounter.QUESTIONS);
        }
        if (StatusCounter.isQuery(command)) {
            count(session, StatusCounter.QUERIES);
        }
        StatusCounter counter = StatusCounter.ofCommand(command);
        if (counter != null) {
            count(session, counter);
        }
    }

    /**
     * A statement of a multi-statement text after the first, which its command counted: MySQL counts each statement
     * from the client in {@code Questions} and {@code Queries}.
     */
    public void followingStatement(Session session) {
        count(session, StatusCounter.QUESTIONS);
        count(session, StatusCounter.QUERIES);
    }

    /** A statement about to run (text, or a prepared statement's execution): its {@code Com_xxx}. */
    public void statement(Session session, StatementType type) {
        StatusCounter counter = StatusCounter.ofStatement(type);
        if (counter != null) {
            count(session, counter);
        }
    }

    private void count(Session session, StatusCounter counter) {
        counters[counter.ordinal()].increment();
        session.count(counter);
    }

    /** The server's count since it started. */
    public long global(StatusCounter counter) {
        return counters[counter.ordinal()].sum();
    }
}
