package io.tessera.admin;

/**
 * The protocol commands one processor (event loop) of the 8066 port dispatched since the start, as
 * {@code show @@command} reports them (MyCat's {@code CommandCount}).
 *
 * @param processor the event loop, {@code Processor0}, {@code Processor1}... as in {@link ConnectionView#processor()}
 * @param kill COM_PROCESS_KILL commands
 * @param other every command of no column here but COM_STMT_SEND_LONG_DATA and COM_STMT_RESET, which count nowhere
 */
public record CommandCounts(String processor, long initDb, long query, long stmtPrepare, long stmtExecute,
        long stmtClose, long ping, long kill, long quit, long other) {
}
