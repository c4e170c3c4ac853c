package io.tessera.admin.command;

import io.tessera.protocol.charset.Collation;
import java.util.Objects;

/**
 * The admin connection a command runs for.
 *
 * @param connectionId the id the admin handshake gave this connection
 * @param user         the logged-in admin user
 * @param manager      whether that user may run control commands
 * @param collation    the connection's collation (from the handshake), whose character set {@code show @@server}
 *                     reports as CHARSET
 */
public record AdminSession(long connectionId, String user, boolean manager, Collation collation) {

    public AdminSession {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(collation, "collation");
    }
}
