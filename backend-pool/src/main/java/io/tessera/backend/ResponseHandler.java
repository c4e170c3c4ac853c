package io.tessera.backend;

import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;

/**
 * Receives one command's response from {@link BackendConnection#execute}. Every method runs on the connection's
 * event loop, in wire order: {@code onFrame} for each frame, then exactly one of {@code onComplete} or
 * {@code onFailure}.
 */
public interface ResponseHandler {

    /**
     * One response frame, classified by {@link io.tessera.protocol.codec.ResponseTracker}. The handler owns the
     * frame: it releases it or forwards it (e.g. with {@link io.tessera.protocol.codec.PacketWriter#forward}).
     */
    void onFrame(Packet frame, FrameKind kind);

    /**
     * The response ended (after the frame that ends it: an ERR, or an OK / EOF without MORE_RESULTS_EXISTS). The
     * connection is idle again and may be given the next command or released.
     *
     * @param statusFlags the server status of the last OK or EOF ({@code SERVER_STATUS_IN_TRANS} and the like)
     */
    void onComplete(int statusFlags);

    /**
     * The connection broke or was closed before the response ended; it is closed and out of its pool. The cause is
     * a {@link BackendException} (1105) naming the data host.
     */
    void onFailure(Throwable cause);
}
