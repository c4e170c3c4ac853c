package io.tessera.proxy.config;

/**
 * A value that cannot be read, such as a malformed {@code $} range or a password that does not decrypt. The
 * message completes {@code attribute "value": message}; it never contains a secret.
 */
final class InvalidValueException extends Exception {

    InvalidValueException(String message) {
        super(message, null, false, false);
    }
}
