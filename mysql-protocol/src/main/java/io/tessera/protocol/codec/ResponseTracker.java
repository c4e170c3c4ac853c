package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.constant.ServerStatus;

/**
 * Follows a command's response frame by frame, without decoding rows, to tell what each frame is and where
 * the response ends (MySQL manual: "Protocol::COM_QUERY Response", "Multi-Resultset", "COM_STMT_PREPARE Response",
 * "COM_STMT_EXECUTE Response", "COM_STMT_FETCH"):
 *
 * <pre>
 * COM_QUERY, COM_STMT_EXECUTE ({@link #start}):
 *     OK | ERR | column count, column definitions, [EOF], rows, EOF-or-OK (status may say MORE_RESULTS_EXISTS)
 * COM_QUERY of LOAD DATA LOCAL INFILE: LOCAL_FILE_REQUEST, (the client's file), OK | ERR
 * COM_STMT_EXECUTE that opened a cursor: column count, column definitions, EOF with CURSOR_EXISTS
 * COM_STMT_PREPARE ({@link #startPrepare}):
 *     ERR | PREPARE_OK, [param definitions, [EOF]], [column definitions, [EOF]]
 * COM_STMT_FETCH ({@link #startFetch}): ERR | rows, EOF-or-OK (status may say CURSOR_EXISTS or LAST_ROW_SENT)
 * </pre>
 *
 * A response ends at an ERR, or at an OK / final EOF whose status lacks {@code SERVER_MORE_RESULTS_EXISTS}.
 * Rows are never read as OKs: after the columns only ERR and EOF are looked for, so binary rows, which start with
 * 0x00, are rows. Frames that continue a 16 MiB payload are {@link FrameKind#CONTINUATION}s.
 *
 * <p>Not thread-safe; one per connection, reused with each start.
 */
public final class ResponseTracker {

    private enum State { FIRST, LOCAL_FILE, COLUMNS, ROWS, PREPARED, PARAMS, PREPARED_COLUMNS, DONE }

    /** {@code 0x00 | 4 statement id | 2 columns | 2 params}: the part of COM_STMT_PREPARE_OK the tracker needs. */
    private static final int PREPARE_OK_COUNTS_END = 9;
    /** The header of LOCAL INFILE Request; a column count is never 0xFB (the length-encoded NULL). */
    private static final int LOCAL_FILE_REQUEST = 0xFB;

    private State state = State.DONE;
    private boolean deprecateEof;
    private boolean columnsOnly;
    private long columnsLeft;
    private int paramsLeft;
    private boolean continuing;
    private int lastStatus;

    /**
     * Expects a new response to COM_QUERY, COM_FIELD_LIST or COM_STMT_EXECUTE. An execute that opened a cursor
     * ends at the EOF after its columns, whose status has SERVER_STATUS_CURSOR_EXISTS. Under CLIENT_DEPRECATE_EOF
     * that EOF is an OK with header 0xFE (MySQL's {@code send_eof}), which is classified as
     * {@link FrameKind#ROWS_EOF} of a result without rows and ends the response all the same.
     *
     * @param deprecateEof whether this side negotiated CLIENT_DEPRECATE_EOF (no EOF after columns; 0xFE OK last)
     * @param columnsOnly true for COM_FIELD_LIST, whose response is column definitions ended by EOF
     */
    public void start(boolean deprecateEof, boolean columnsOnly) {
        reset(columnsOnly ? State.COLUMNS : State.FIRST, deprecateEof);
        this.columnsOnly = columnsOnly;
    }

    /** Expects a COM_STMT_PREPARE response; it ends after its last part (ERR, PREPARE_OK, params or columns). */
    public void startPrepare(boolean deprecateEof) {
        reset(State.PREPARED, deprecateEof);
    }

    /** Expects a COM_STMT_FETCH response: rows of the open cursor, then an EOF (0xFE OK under DEPRECATE_EOF). */
    public void startFetch(boolean deprecateEof) {
        reset(State.ROWS, deprecateEof);
    }

    /** True between a start and the frame that ends the response. */
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
        if (first == 0xFF && state != State.DONE) { // neither a definition nor a row starts with 0xFF
            state = State.DONE;
            return FrameKind.ERR;
        }
        switch (state) {
            case FIRST:
                if (first == 0x00) {
                    lastStatus = StatusFlags.ofOk(frame.content());
                    endUnlessMoreResults();
                    return FrameKind.OK;
                }
                if (first == LOCAL_FILE_REQUEST) {
                    state = State.LOCAL_FILE;
                    return FrameKind.LOCAL_FILE_REQUEST;
                }
                columnsLeft = new PayloadReader(frame.content().duplicate()).lenencInt();
                state = State.COLUMNS;
                return FrameKind.COLUMN_COUNT;
            case LOCAL_FILE: // the file has been sent: what remains is the OK (the ERR is handled above)
                if (first != 0x00) {
                    throw new MalformedPacketException("LOAD DATA LOCAL response: " + describe(frame)
                            + " after the file (expected: OK or ERR)");
                }
                lastStatus = StatusFlags.ofOk(frame.content());
                endUnlessMoreResults();
                return FrameKind.OK;
            case COLUMNS:
                if (columnsOnly) { // COM_FIELD_LIST: definitions until an EOF (0xFE OK under DEPRECATE_EOF)
                    if (isEof(frame)) {
                        lastStatus = StatusFlags.ofRowsEnd(frame.content(), deprecateEof);
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
                lastStatus = StatusFlags.ofEof(frame.content());
                // an execute that opened a cursor sends no rows: COM_STMT_FETCH asks for them
                state = (lastStatus & ServerStatus.CURSOR_EXISTS) != 0 ? State.DONE : State.ROWS;
                return FrameKind.COLUMNS_EOF;
            case ROWS:
                if (isEof(frame)) {
                    lastStatus = StatusFlags.ofRowsEnd(frame.content(), deprecateEof);
                    endUnlessMoreResults();
                    return FrameKind.ROWS_EOF;
                }
                return FrameKind.ROW;
            case PREPARED:
                readPrepareOk(frame);
                return FrameKind.PREPARE_OK;
            case PARAMS:
                if (paramsLeft > 0) {
                    paramsLeft--;
                    if (paramsLeft == 0 && deprecateEof) {
                        afterParams();
                    }
                    return FrameKind.PARAM_DEFINITION;
                }
                expectEof(frame, "parameter definitions");
                afterParams();
                return FrameKind.PARAMS_EOF;
            case PREPARED_COLUMNS:
                if (columnsLeft > 0) {
                    columnsLeft--;
                    if (columnsLeft == 0 && deprecateEof) {
                        state = State.DONE;
                    }
                    return FrameKind.COLUMN_DEFINITION;
                }
                expectEof(frame, "column definitions");
                state = State.DONE;
                return FrameKind.COLUMNS_EOF;
            default:
                throw new IllegalStateException("frame after the end of the response: " + frame);
        }
    }

    private void reset(State first, boolean deprecateEof) {
        this.state = first;
        this.deprecateEof = deprecateEof;
        this.columnsOnly = false;
        this.columnsLeft = 0;
        this.paramsLeft = 0;
        this.continuing = false;
        this.lastStatus = 0;
    }

    /** COM_STMT_PREPARE_OK: {@code 0x00 | 4 statement id | 2 columns | 2 params | 1 filler | 2 warnings}. */
    private void readPrepareOk(Packet frame) {
        ByteBuf payload = frame.content();
        if (frame.firstByte() != 0x00 || payload.readableBytes() < PREPARE_OK_COUNTS_END) {
            throw new MalformedPacketException("COM_STMT_PREPARE response: " + describe(frame)
                    + " (expected: COM_STMT_PREPARE_OK or ERR)");
        }
        columnsLeft = payload.getUnsignedShortLE(payload.readerIndex() + 5);
        paramsLeft = payload.getUnsignedShortLE(payload.readerIndex() + 7);
        if (paramsLeft > 0) {
            state = State.PARAMS;
        } else {
            afterParams();
        }
    }

    private void afterParams() {
        state = columnsLeft > 0 ? State.PREPARED_COLUMNS : State.DONE;
    }

    private void expectEof(Packet frame, String after) {
        if (!isEof(frame)) {
            throw new MalformedPacketException("COM_STMT_PREPARE response: " + describe(frame) + " after the "
                    + after + " (expected: EOF)");
        }
        lastStatus = StatusFlags.ofEof(frame.content());
    }

    private static String describe(Packet frame) {
        return frame.payloadLength() == 0 ? "an empty packet"
                : String.format("%d bytes starting with 0x%02x", frame.payloadLength(), frame.firstByte());
    }

    private void endUnlessMoreResults() {
        state = (lastStatus & ServerStatus.MORE_RESULTS_EXISTS) != 0 ? State.FIRST : State.DONE;
    }

    private static boolean isEof(Packet frame) {
        return frame.firstByte() == 0xFE && frame.payloadLength() < PacketDecoder.MAX_PAYLOAD;
    }
}
