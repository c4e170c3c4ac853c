package io.tessera.protocol.error;

/**
 * An error in a data host's words: an ERR a MySQL server answered with, or an account of what a data host did (it
 * could not be reached, broke a connection), possibly with where it happened put in front. Such a message may name the
 * data host's own databases, which a client must not read: the front end puts it in logical terms before it goes out.
 * Errors Tessera raises about what the client sent are plain {@link TesseraException}s and go out as they are.
 */
public class DataHostError extends TesseraException {

    private static final long serialVersionUID = 1L;

    public DataHostError(int errorCode, String sqlState, String message) {
        super(errorCode, sqlState, message);
    }

    public DataHostError(ErrorCode code, String message) {
        super(code, message);
    }
}
