package io.tessera.router.local;

/**
 * {@code SHOW [GLOBAL | SESSION] STATUS [LIKE pattern | WHERE ...]}.
 *
 * @param global whether {@code GLOBAL} was given; without it, as with {@code SESSION}, the session's values
 * @param like the LIKE pattern's text ({@code %} and {@code _} wildcards, {@code \} escapes), or {@code null}
 * @param where whether a WHERE clause was given
 */
public record ShowStatus(boolean global, String like, boolean where) {
}
