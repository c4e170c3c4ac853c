/**
 * Result sets Tessera computes itself (proxy-local answers, admin commands): {@link
 * io.tessera.protocol.result.ResultTable} holds the data and {@link io.tessera.protocol.result.ResultTableEncoder}
 * alone writes the packets, with EOF or OK framing as the client negotiated.
 */
package io.tessera.protocol.result;
