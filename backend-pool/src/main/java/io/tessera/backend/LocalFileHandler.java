package io.tessera.backend;

/**
 * A {@link ResponseHandler} for a {@code LOAD DATA LOCAL INFILE} statement: when the server asks for the file, the
 * handler sends its content with {@link BackendConnection#sendLocalData} and ends it with an empty buffer; the OK or
 * ERR that follows ends the response as usual. A connection whose server asks a handler of any other kind for a file
 * is closed instead (the handler fails): Tessera never reads a file of its own for a data host.
 */
public interface LocalFileHandler extends ResponseHandler {

    /** The server asked for the file (MySQL's LOCAL INFILE Request); runs on the connection's event loop. */
    void onLocalFileRequest();
}
