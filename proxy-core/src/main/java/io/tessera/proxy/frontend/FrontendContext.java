package io.tessera.proxy.frontend;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.Scramble;
import io.tessera.proxy.exec.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every client connection shares: limits and identity from server.xml, the authenticator, the command
 * dispatcher and the executor. Immutable; one per server.
 */
record FrontendContext(String serverVersion, AuthPlugin authPlugin, int maxPacketSize, long authTimeoutMillis,
        long idleTimeoutMillis, Scramble scramble, AtomicLong connectionIds, Authenticator authenticator,
        CommandDispatcher dispatcher, Executor executor, ClientConnections connections) {

    long nextConnectionId() {
        return connectionIds.incrementAndGet();
    }
}
