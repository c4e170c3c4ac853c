package io.tessera.protocol.codec;

import io.netty.handler.codec.DecoderException;
import java.io.IOException;

/**
 * What a connection's failure says about its peer. A peer that goes away (connection reset, broken pipe, a write
 * to a channel already closed) or sends bytes that are no protocol is normal on a server: such failures are logged
 * at DEBUG. Anything else is Tessera's own fault and worth a WARN.
 */
public final class PeerFailure {

    private PeerFailure() {
    }

    /** True when {@code cause} comes from the peer (its I/O or its bytes), not from Tessera. */
    public static boolean isPeers(Throwable cause) {
        return cause instanceof IOException || cause instanceof DecoderException;
    }
}
