/**
 * The 8066 front end: the Netty pipeline per client connection, the handshake and authentication, the
 * session state, and the dispatch of each command, COM_CHANGE_USER's new login included.
 */
package io.tessera.proxy.frontend;
