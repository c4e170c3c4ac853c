package io.tessera.proxy.session;

import io.tessera.backend.BackendConnection;

/**
 * One data node's part of a transaction: the node (also the XA branch qualifier) and the connection its part runs
 * on.
 */
public record Participant(String dataNode, BackendConnection connection) {
}
