package io.tessera.proxy.session;

import io.tessera.protocol.constant.Command;

/**
 * The protocol commands one processor (event loop) dispatched, as MyCat's {@code CommandCount} counts them for
 * {@code show @@command}. Only that event loop writes, with plain increments; the admin port reads possibly stale
 * values.
 */
public final class CommandCounters {

    private long all;
    private long initDb;
    private long query;
    private long stmtPrepare;
    private long stmtExecute;
    private long stmtClose;
    private long ping;
    private long kill;
    private long quit;
    private long other;

    /**
     * Counts one command by its first byte. COM_STMT_SEND_LONG_DATA and COM_STMT_RESET count nowhere, as MyCat counts
     * them in columns {@code show @@command} does not have.
     */
    public void count(int command) {
        all++;
        switch (command) {
            case Command.INIT_DB -> initDb++;
            case Command.QUERY -> query++;
            case Command.STMT_PREPARE -> stmtPrepare++;
            case Command.STMT_EXECUTE -> stmtExecute++;
            case Command.STMT_CLOSE -> stmtClose++;
            case Command.PING -> ping++;
            case Command.PROCESS_KILL -> kill++;
            case Command.QUIT -> quit++;
            case Command.STMT_SEND_LONG_DATA, Command.STMT_RESET -> {
                // MyCat's stmtSendLongData and stmtReset counts, which it does not show
            }
            default -> other++;
        }
    }

    /** Every command, of whatever kind, COM_STMT_SEND_LONG_DATA and COM_STMT_RESET included. */
    public long all() {
        return all;
    }

    public long initDb() {
        return initDb;
    }

    public long query() {
        return query;
    }

    public long stmtPrepare() {
        return stmtPrepare;
    }

    public long stmtExecute() {
        return stmtExecute;
    }

    public long stmtClose() {
        return stmtClose;
    }

    public long ping() {
        return ping;
    }

    public long kill() {
        return kill;
    }

    public long quit() {
        return quit;
    }

    public long other() {
        return other;
    }
}
