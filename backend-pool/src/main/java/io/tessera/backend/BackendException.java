package io.tessera.backend;

import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;

/**
 * A data host failed: it could not be reached, refused the login, broke a connection or kept a borrower waiting.
 * The message starts with the data host, e.g. "data host host1 (127.0.0.1:3306): Access denied for user ...";
 * a server's own error keeps its code and SQLSTATE, anything else is 1105/HY000. In a data host's words: what a
 * client reads of it is put in logical terms.
 */
public final class BackendException extends DataHostError {

    private static final long serialVersionUID = 1L;

    private final String dataHost;
    private final String detail;

    /**
     * @param dataHost the data host as {@link ConnectOptions#describe()} names it
     * @param detail what happened
     */
    public BackendException(int errorCode, String sqlState, String dataHost, String detail) {
        super(errorCode, sqlState, dataHost + ": " + detail);
        this.dataHost = dataHost;
        this.detail = detail;
    }

    /** A failure of Tessera's side of the conversation: 1105/HY000. */
    public BackendException(String dataHost, String detail) {
        this(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(), dataHost, detail);
    }

    /** The data host, as "data host name (host:port)". */
    public String dataHost() {
        return dataHost;
    }

    /** What happened, without the data host. */
    public String detail() {
        return detail;
    }
}
