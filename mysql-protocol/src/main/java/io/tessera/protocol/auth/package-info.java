/**
 * Authentication: the nonce generator and the pure scramble functions of {@code mysql_native_password} and
 * {@code caching_sha2_password}, used to verify clients on the front end and to log in to data hosts.
 */
package io.tessera.protocol.auth;
