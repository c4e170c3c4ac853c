package io.tessera.proxy.session;

import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** How any failure reaches a client: the ERR it becomes, and the same error told with more words. */
public final class ClientErrors {

    private static final Logger LOG = LogManager.getLogger(ClientErrors.class);

    private ClientErrors() {
    }

    /** The ERR a client sees for any failure: typed errors as they are, anything else as 1105 with its message. */
    public static ErrPacket toErr(Throwable cause) {
        Throwable t = unwrapped(cause);
        if (t instanceof TesseraException e) {
            return ErrPacket.of(e);
        }
        LOG.error("unexpected failure", t);
        return new ErrPacket(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                "internal error in Tessera: " + t);
    }

    /** {@code cause} without the wrappers of asynchronous stages. */
    static Throwable unwrapped(Throwable cause) {
        Throwable t = cause;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * {@code cause} as the client would get it ({@link #toErr}), its code and SQLSTATE kept and its message
     * reworded: a data node's error told with where and what it cost. An error in a data host's words stays one.
     */
    public static TesseraException reworded(Throwable cause, UnaryOperator<String> message) {
        ErrPacket err = toErr(cause);
        String text = message.apply(err.message());
        return unwrapped(cause) instanceof DataHostError ? new DataHostError(err.errorCode(), err.sqlState(), text)
                : new TesseraException(err.errorCode(), err.sqlState(), text);
    }
}
