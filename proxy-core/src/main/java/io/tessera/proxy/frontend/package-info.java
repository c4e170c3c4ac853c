/**
 * The 8066 front end: the Netty pipeline per client connection, the handshake and authentication, the
 * {@link io.tessera.proxy.frontend.Session} state, and the dispatch of each command.
 */
package io.tessera.proxy.frontend;
