package io.tessera.router.local;

/**
 * {@code SAVEPOINT name}, {@code ROLLBACK TO [SAVEPOINT] name} or {@code RELEASE SAVEPOINT name}.
 *
 * @param name the savepoint's name, unquoted
 */
public record Savepoint(Action action, String name) {

    /** Which of the three statements. */
    public enum Action {
        SET, ROLLBACK_TO, RELEASE
    }
}
