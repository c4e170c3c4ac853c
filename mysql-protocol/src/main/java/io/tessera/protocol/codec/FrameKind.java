package io.tessera.protocol.codec;

/** What one frame of a command's response is, as {@link ResponseTracker} classifies it. */
public enum FrameKind {
    /** OK packet: a statement without a result set, or the end of one (more results may follow). */
    OK,
    /** ERR packet: ends the response. */
    ERR,
    /** The column count that starts a result set. */
    COLUMN_COUNT,
    /** One column definition. */
    COLUMN_DEFINITION,
    /**
     * The EOF between column definitions and rows (absent under CLIENT_DEPRECATE_EOF). It ends the response when
     * its status has SERVER_STATUS_CURSOR_EXISTS, and that of a COM_STMT_PREPARE response after its columns.
     */
    COLUMNS_EOF,
    /** One row, text or binary (its first frame, for rows of 16 MiB and more). */
    ROW,
    /** A later frame of a payload of 16 MiB or more. */
    CONTINUATION,
    /** The EOF (or 0xFE OK) after the last row. */
    ROWS_EOF,
    /** COM_STMT_PREPARE_OK: statement id and the counts of the parameter and column definitions that follow. */
    PREPARE_OK,
    /** One parameter definition of a COM_STMT_PREPARE response (a column definition packet). */
    PARAM_DEFINITION,
    /** The EOF after the parameter definitions of a COM_STMT_PREPARE response (absent under DEPRECATE_EOF). */
    PARAMS_EOF,
    /**
     * {@code 0xFB | file name}: the server asks for the file of a LOAD DATA LOCAL INFILE. The client sends the file's
     * content in packets that continue the sequence ids, ends it with an empty packet, and then gets the OK or ERR
     * that ends the response.
     */
    LOCAL_FILE_REQUEST
}
