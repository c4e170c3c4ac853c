/**
 * Authentication: the nonce generator and the pure scramble functions of {@code mysql_native_password} and
 * {@code caching_sha2_password}, used to verify clients on the front end and to log in to data hosts; the server's
 * connection phase ({@link io.tessera.protocol.auth.ServerLogin}) and the plugin negotiation it shares with
 * COM_CHANGE_USER ({@link io.tessera.protocol.auth.AuthRound}).
 */
package io.tessera.protocol.auth;
