package io.tessera.proxy.frontend;

import io.tessera.proxy.access.UserConnections;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.QueryMeter;
import io.tessera.proxy.topology.TopologyHolder;

/**
 * What every client connection shares after its login: limits from server.xml (the cursor's is mergeMemoryLimit),
 * the command dispatcher, the topology each command enters, the registry of connections and each user's count of
 * them, and the metrics' meter of statements ({@code null} while the endpoint is off). Immutable; one per server.
 */
record FrontendContext(int maxPacketSize, long idleTimeoutMillis, long cursorMemoryLimit, CommandDispatcher dispatcher,
        TopologyHolder topologies, ClientConnections connections, UserConnections userConnections,
        QueryMeter queryMeter) {
}
