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
 * @param greetingNonce the greeting's nonce, which a COM_CHANGE_USER proof made with the server's plugin answers
 */
public record LoggedIn<P>(P account, String user, String host, String database, int capabilities,
        Collation collation, byte[] greetingNonce) {

    public boolean deprecateEof() {
        return Capability.has(capabilities, Capability.DEPRECATE_EOF);
    }

    @Override
    public String toString() {
        return "LoggedIn[user=" + user + ", host=" + host + ", database=" + database + ", capabilities=0x"
                + Integer.toHexString(capabilities) + ", collation=" + collation.name() + "]"; // never the nonce
    }
}
