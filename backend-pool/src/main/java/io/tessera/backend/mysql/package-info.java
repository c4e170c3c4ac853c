/**
 * Tessera's native MySQL client: {@link io.tessera.backend.mysql.BackendConnector} opens a Netty channel to a data
 * host and logs in (handshake v10, {@code mysql_native_password}, {@code caching_sha2_password} with fast and full
 * authentication), and {@link io.tessera.backend.mysql.NativeConnection} sends commands and streams each response
 * frame by frame, classified but not decoded, to a {@link io.tessera.backend.ResponseHandler}. Knows no SQL
 * grammar; pooling lives in {@code io.tessera.backend.pool}.
 */
package io.tessera.backend.mysql;
