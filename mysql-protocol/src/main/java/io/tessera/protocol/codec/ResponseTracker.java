package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.constant.ServerStatus;

/**
 * Follows a command's response frame by frame, without decoding rows, to tell what each frame is and where
 * the response ends (MySQL manual: "Protocol::COM_QUERY Response", "Multi-Resultset"):
 *
 * <pre>
 * OK | ERR | column count, column definitions, [EOF], rows, EOF-or-OK (status may say MORE_RESULTS_EXISTS)
 * </pre>
 *
 * A response ends at an ERR, or at an OK / final EOF whose status lacks {@code SERVER_MORE_RESULTS_EXISTS}.
 * Frames that continue a 16 MiB payload are {@link FrameKind#CONTINUATION}s.
 *
 * <p>Not thread-safe; one per connection, reused with {@link #start}.
 */
public final class ResponseTracker {

    private enum State { FIRST, COLUMNS, ROWS, DONE }

    private State state = State.DONE;
    private boolean deprecateEof;
    private boolean columnsOnly;
    private long columnsLeft;
    private boolean continuing;
    private int lastStatus;

    /**
     * Expects a new response.
     *
     * @param deprecateEof whether this side negotiated CLIENT_DEPRECATE_EOF (no EOF after columns; 0xFE OK last)
     * @param columnsOnly true for COM_FIELD_LIST, whose response is column definitions ended by EOF
     */
    public void start(boolean deprecateEof, boolean columnsOnly) {
        this.deprecateEof = deprecateEof;
        this.columnsOnly = columnsOnly;
        this.state = columnsOnly ? State.COLUMNS : State.FIRST;
        this.columnsLeft = 0;
        this.continuing = false;
        this.lastStatus = 0;
    }

    /** True between {@link #start} and the frame that ends the response. */
    public boolean inProgress() {
        return state != State.DONE;
    }

    /** Status flags of the last OK or EOF seen: {@code SERVER_STATUS_IN_TRANS} and the like. */
    public int lastStatus() {
        return lastStatus;
    }

    /** Classifies the next frame and advances. */
    public FrameKind next(Packet frame) {
        if (continuing) {
            continuing = frame.continues();
            return FrameKind.CONTINUATION;
        }
        continuing = frame.continues();
        int first = frame.firstByte();
        switch (state) {
            case FIRST:
                if (first == 0x00) {
                    lastStatus = okStatus(frame.content());
                    endUnlessMoreResults();
                    return FrameKind.OK;
                }
                if (first == 0xFF) {
                    state = State.DONE;
                    return FrameKind.ERR;
                }
                columnsLeft = new PayloadReader(frame.content().duplicate()).lenencInt();
                state = State.COLUMNS;
                return FrameKind.COLUMN_COUNT;
            case COLUMNS:
                if (first == 0xFF) {
                    state = State.DONE;
                    return FrameKind.ERR;
                }
                if (columnsOnly) { // COM_FIELD_LIST: definitions until an EOF (0xFE OK under DEPRECATE_EOF)
                    if (isEof(frame)) {
                        lastStatus = deprecateEof ? okStatus(frame.content()) : eofStatus(frame.content());
                        state = State.DONE;
                        return FrameKind.ROWS_EOF;
                    }
                    return FrameKind.COLUMN_DEFINITION;
                }
                if (columnsLeft > 0) {
                    columnsLeft--;
                    if (columnsLeft == 0 && deprecateEof) {
                        state = State.ROWS;
                    }
                    return FrameKind.COLUMN_DEFINITION;
                }
                state = State.ROWS;
                return FrameKind.COLUMNS_EOF;
            case ROWS:
                if (first == 0xFF) {
                    state = State.DONE;
                    return FrameKind.ERR;
                }
                if (isEof(frame)) {
                    lastStatus = deprecateEof ? okStatus(frame.content()) : eofStatus(frame.content());
                    endUnlessMoreResults();
                    return FrameKind.ROWS_EOF;
                }
                return FrameKind.ROW;
            default:
                throw new IllegalStateException("frame after the end of the response: " + frame);
        }
    }

    private void endUnlessMoreResults() {
        state = (lastStatus & ServerStatus.MORE_RESULTS_EXISTS) != 0 ? State.FIRST : State.DONE;
    }

    private static boolean isEof(Packet frame) {
        return frame.firstByte() == 0xFE && frame.payloadLength() < PacketDecoder.MAX_PAYLOAD;
    }

    /** Status of an EOF packet: {@code 0xFE | 2 warnings | 2 status}. */
    private static int eofStatus(ByteBuf payload) {
        return payload.readableBytes() >= 5 ? payload.getUnsignedShortLE(payload.readerIndex() + 3) : 0;
    }

    /** Status of an OK packet: after the header and two length-encoded integers. */
    private static int okStatus(ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        in.lenencInt();
        in.lenencInt();
        return in.readableBytes() >= 2 ? in.int2() : 0;
    }
}
