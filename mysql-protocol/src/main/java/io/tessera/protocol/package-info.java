/**
 * The MySQL client/server protocol as Tessera speaks it on both sides: framing ({@code codec}), one value
 * type per packet ({@code packet}), authentication scrambles ({@code auth}), collations ({@code charset}),
 * result-set encoding ({@code result}), protocol constants ({@code constant}) and typed errors
 * ({@code error}). Depends on Netty buffers only; knows nothing of SQL grammar or routing.
 */
package io.tessera.protocol;
