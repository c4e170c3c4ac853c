package io.tessera.router.local;

/**
 * {@code SET [GLOBAL | SESSION | LOCAL] TRANSACTION ISOLATION LEVEL ... | READ ONLY | READ WRITE}.
 *
 * @param isolationLevel the level upper-case, words separated by one space ({@code REPEATABLE READ}), or
 *     {@code null} when not given
 * @param readOnly {@code READ ONLY} (true) or {@code READ WRITE} (false), or {@code null} when not given
 */
public record TransactionCharacteristics(Scope scope, String isolationLevel, Boolean readOnly) {

    /** Which transactions the statement sets, as MySQL scopes it. */
    public enum Scope {
        /** {@code GLOBAL}: the server's default. */
        GLOBAL,
        /** {@code SESSION} or {@code LOCAL}: the session's later transactions. */
        SESSION,
        /** No scope: the session's next transaction only. */
        NEXT_TRANSACTION
    }
}
