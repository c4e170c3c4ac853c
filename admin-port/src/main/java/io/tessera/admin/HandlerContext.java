package io.tessera.admin;

import io.tessera.admin.command.AdminCommands;
import io.tessera.protocol.auth.Scramble;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every {@link AdminHandler} of one {@link AdminServer} shares. All of it is immutable or thread-safe.
 *
 * @param users         the accounts by name
 * @param maxPacketSize largest command payload accepted, in bytes
 * @param authTimeoutMillis time a connection has to log in
 * @param context       the server's state, read by the commands
 * @param commands      the command registry
 * @param scramble      the nonce source for handshakes and auth switches
 * @param connectionIds the last connection id given out
 */
record HandlerContext(Map<String, AdminUser> users, int maxPacketSize, long authTimeoutMillis, AdminContext context,
        AdminCommands commands, Scramble scramble, AtomicLong connectionIds) {

    HandlerContext {
        users = Map.copyOf(users);
    }
}
