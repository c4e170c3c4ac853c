/**
 * The seam between the pools and everything above them: {@link io.tessera.backend.BackendConnection}, one
 * connection to a server of a data host whichever driver is behind it, with what it speaks in
 * ({@link io.tessera.backend.ResponseHandler}, {@link io.tessera.backend.QueryResult},
 * {@link io.tessera.backend.PreparedMetadata}) and how it fails ({@link io.tessera.backend.BackendException}).
 * Depends on no other package of the module; the native client ({@code mysql}) implements it.
 */
package io.tessera.backend;
