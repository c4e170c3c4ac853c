package io.tessera.proxy.session;

import io.tessera.protocol.constant.Command;

/**
 * What one client connection is doing, for {@code SHOW PROCESSLIST} and {@code Threads_running}: the command it runs
 * ({@link Command#SLEEP} between commands), since when, and the statement's text. Written on the connection's event
 * loop a few times per command, never per row; read from any thread.
 */
public final class Activity {

    private volatile int command = Command.SLEEP;
    private volatile long sinceNanos = System.nanoTime();
    private volatile String statement;
    // show @@connection.sql: the statement running now or last, from when (epoch ms) and for how long
    private volatile String lastStatement;
    private volatile long lastStartMillis;
    private volatile long lastStartNanos;
    private volatile long lastNanos = -1; // -1 while it runs

    /** A command starts ({@code command} is its first byte). */
    public void started(int command) {
        this.statement = null;
        this.command = command;
        this.sinceNanos = System.nanoTime();
    }

    /** The statement the running command runs now (of a multi-statement text, each in turn). */
    public void statement(String sql) {
        this.statement = sql;
        this.lastStartNanos = System.nanoTime();
        this.lastStartMillis = System.currentTimeMillis();
        this.lastNanos = -1;
        this.lastStatement = sql; // last: a reader that sees it sees its times
    }

    /** The command has ended: the connection waits for the next one. */
    public void idle() {
        long now = System.nanoTime();
        if (lastNanos < 0 && lastStatement != null) {
            lastNanos = now - lastStartNanos;
        }
        this.statement = null;
        this.command = Command.SLEEP;
        this.sinceNanos = now;
    }

    /** The command running, or {@link Command#SLEEP}. */
    public int command() {
        return command;
    }

    public boolean running() {
        return command != Command.SLEEP;
    }

    /** Whole seconds since the command started or, idle, since the last one ended. */
    public long seconds() {
        return Math.max(0, (System.nanoTime() - sinceNanos) / 1_000_000_000L);
    }

    /** The statement running now or, idle, the last one that ran; {@code null} before the first. */
    public String lastStatement() {
        return lastStatement;
    }

    /** When {@link #lastStatement()} started, in epoch milliseconds; 0 before the first. */
    public long lastStartMillis() {
        return lastStartMillis;
    }

    /** How long {@link #lastStatement()} ran, or has run so far while it runs, in milliseconds. */
    public long lastMillis() {
        long ran = lastNanos;
        return (ran >= 0 ? ran : System.nanoTime() - lastStartNanos) / 1_000_000;
    }

    /** The text of the statement running, or {@code null} (idle, or a command without one). */
    public String statement() {
        return statement;
    }
}
