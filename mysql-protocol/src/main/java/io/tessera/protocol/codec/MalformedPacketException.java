package io.tessera.protocol.codec;

/** A payload does not have the layout its command requires. The front end answers ERR 1835 and lives on. */
public final class MalformedPacketException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final String PREFIX = "malformed packet: ";

    public MalformedPacketException(String message) {
        super(PREFIX + message, null, false, false);
    }

    /** {@code detail}'s failure with what was being read in front: "malformed packet: context: detail". */
    public MalformedPacketException(String context, MalformedPacketException detail) {
        super(PREFIX + context + ": " + detail.getMessage().substring(PREFIX.length()), null, false, false);
    }
}
