package io.tessera.proxy.frontend;

import io.tessera.protocol.constant.Capability;

/** The capabilities Tessera offers clients, and what a client's choice means for the session. */
final class ClientCapabilities {

    /**
     * What the handshake advertises. Not offered: SSL and COMPRESS (not implemented), LOCAL_FILES (LOAD DATA LOCAL
     * is not supported), MULTI_STATEMENTS (statements are routed one at a time).
     */
    static final int SERVER = Capability.LONG_PASSWORD | Capability.FOUND_ROWS | Capability.LONG_FLAG
            | Capability.CONNECT_WITH_DB | Capability.PROTOCOL_41 | Capability.INTERACTIVE
            | Capability.IGNORE_SIGPIPE | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION
            | Capability.MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.CONNECT_ATTRS | Capability.DEPRECATE_EOF;

    private ClientCapabilities() {
    }

    /** The flags in force: what the client asked for, limited to what we offered. */
    static int negotiate(int clientFlags) {
        return clientFlags & SERVER;
    }
}
