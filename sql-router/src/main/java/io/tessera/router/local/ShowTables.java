package io.tessera.router.local;

/**
 * {@code SHOW [FULL] TABLES [FROM schema] [LIKE pattern | WHERE ...]}.
 *
 * @param schema the schema named after {@code FROM} or {@code IN}, unquoted; {@code null} for the session's
 * @param full whether {@code FULL} was given
 * @param like the LIKE pattern's text ({@code %} and {@code _} wildcards, {@code \} escapes), or {@code null}
 * @param where whether a WHERE clause was given
 */
public record ShowTables(String schema, boolean full, String like, boolean where) {
}
