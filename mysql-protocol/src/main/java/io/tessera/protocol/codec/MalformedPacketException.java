package io.tessera.protocol.codec;

/** A payload does not have the layout its command requires. The front end answers ERR 1835 and lives on. */
public final class MalformedPacketException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MalformedPacketException(String message) {
        super("malformed packet: " + message, null, false, false);
    }
}
