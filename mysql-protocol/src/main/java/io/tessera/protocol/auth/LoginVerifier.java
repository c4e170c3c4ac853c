package io.tessera.protocol.auth;

import io.tessera.protocol.error.TesseraException;

/**
 * Decides a login for {@link ServerLogin}: checks the client's proof and, when the client named one, its database.
 *
 * @param <P> what the server knows of an accepted user (its account), handed on in {@link LoggedIn}
 */
@FunctionalInterface
public interface LoginVerifier<P> {

    /**
     * @param user the user name the client sent
     * @param host the client's address, for error messages
     * @param plugin the plugin whose scramble {@code response} is
     * @param nonce the nonce the response answers
     * @param response the client's proof; empty for an empty password
     * @param database the database the client asked for, or {@code null}
     * @return the accepted user's account
     * @throws TesseraException the ERR the client gets: 1045 for bad credentials, 1044 or 1049 for the database
     */
    P verify(String user, String host, AuthPlugin plugin, byte[] nonce, byte[] response, String database);
}
