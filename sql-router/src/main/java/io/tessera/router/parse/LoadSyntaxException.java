package io.tessera.router.parse;

/** A LOAD DATA statement MySQL would not take, and where in its text it goes wrong. */
public final class LoadSyntaxException extends RuntimeException {

    private final int offset;

    LoadSyntaxException(int offset, String message) {
        super(message);
        this.offset = offset;
    }

    /** Where in the statement's text reading stopped. */
    public int offset() {
        return offset;
    }
}
