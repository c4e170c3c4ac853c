package io.tessera.admin.server;

import io.tessera.admin.AdminContext;
import io.tessera.admin.command.AdminCommands;
import io.tessera.protocol.auth.Scramble;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every {@link AdminHandler} of one {@link AdminServer} shares. All of it is immutable or thread-safe.
 *
 * @param maxPacketSize largest command payload accepted, in bytes
 * @param context       the server's state, read by the commands
 * @param commands      the command registry
 * @param scramble      the nonce source for handshakes and auth switches
 * @param connectionIds the last connection id given out
 */
record HandlerContext(int maxPacketSize, AdminContext context, AdminCommands commands, Scramble scramble,
        AtomicLong connectionIds) {
}
