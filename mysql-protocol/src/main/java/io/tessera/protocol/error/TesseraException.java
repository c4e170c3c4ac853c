package io.tessera.protocol.error;

/**
 * An error the client must see as an ERR packet: MySQL error code, SQLSTATE and a message that says what
 * happened and where. Raised anywhere, turned into a packet once, at the front-end boundary. Carries no stack
 * trace: these are answers, not bugs.
 */
public class TesseraException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final String sqlState;

    public TesseraException(int errorCode, String sqlState, String message) {
        super(message, null, false, false);
        this.errorCode = errorCode;
        this.sqlState = sqlState;
    }

    public TesseraException(ErrorCode code, String message) {
        this(code.code(), code.sqlState(), message);
    }

    public int errorCode() {
        return errorCode;
    }

    public String sqlState() {
        return sqlState;
    }
}
