package io.tessera.router.function;

/**
 * A rule.xml {@code <function>} that cannot be built: an unknown class, a missing or malformed property, an
 * unreadable map file. The message names the function and what is wrong; the configuration loader adds the file.
 */
public final class FunctionConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public FunctionConfigException(String message) {
        super(message, null, false, false);
    }
}
