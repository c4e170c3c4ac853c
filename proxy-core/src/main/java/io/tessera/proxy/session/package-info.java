/**
 * A client session's state ({@link io.tessera.proxy.session.Session}) and the channel back to the client
 * ({@link io.tessera.proxy.session.ClientChannel}), shared by the front end, the local statements and the
 * executor.
 */
package io.tessera.proxy.session;
