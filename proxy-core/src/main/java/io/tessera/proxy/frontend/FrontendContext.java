package io.tessera.proxy.frontend;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.Scramble;
import io.tessera.proxy.access.UserConnections;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.QueryMeter;
import io.tessera.proxy.topology.TopologyHolder;

/**
 * What every client connection shares after its login: limits from server.xml (the cursor's is mergeMemoryLimit),
 * the command dispatcher, the topology each command enters, the registry of connections and each user's count of
 * them, the metrics' meter of statements ({@code null} while the endpoint is off), and the front end's auth plugin
 * and nonce source, which COM_CHANGE_USER uses as a login does. Immutable; one per server.
 */
record FrontendContext(int maxPacketSize, long idleTimeoutMillis, long cursorMemoryLimit, CommandDispatcher dispatcher,
        TopologyHolder topologies, ClientConnections connections, UserConnections userConnections,
        QueryMeter queryMeter, AuthPlugin authPlugin, Scramble scramble) {
}
