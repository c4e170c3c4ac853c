package io.tessera.router.function;

/** A sharding function cannot place a value: MyCat's "can't find any valid datanode". */
public final class UnplaceableValueException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnplaceableValueException(String message) {
        super(message, null, false, false);
    }
}
