package io.tessera.proxy.frontend;

import io.tessera.proxy.topology.TopologyHolder;
import io.tessera.proxy.session.ClientConnections;

/**
 * What every client connection shares after its login: limits from server.xml (the cursor's is mergeMemoryLimit),
 * the command dispatcher, the topology each command enters, and the registry of connections. Immutable; one per
 * server.
 */
record FrontendContext(int maxPacketSize, long idleTimeoutMillis, long cursorMemoryLimit, CommandDispatcher dispatcher,
        TopologyHolder topologies, ClientConnections connections) {
}
