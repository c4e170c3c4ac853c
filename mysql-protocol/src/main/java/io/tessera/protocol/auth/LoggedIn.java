package io.tessera.protocol.auth;

import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.constant.Capability;

/**
 * The user event {@link ServerLogin} fires once the client is in: everything the session needs from the
 * connection phase.
 *
 * @param account what {@link LoginVerifier} returned for the user
 * @param user the user name
 * @param host the client's address
 * @param database the database the client asked for, or {@code null}
 * @param capabilities the capabilities in force: the client's, limited to what the server offered
 * @param collation the connection's collation: the default one of the character set the client asked for
 */
public record LoggedIn<P>(P account, String user, String host, String database, int capabilities,
        Collation collation) {

    public boolean deprecateEof() {
        return Capability.has(capabilities, Capability.DEPRECATE_EOF);
    }
}
