package io.tessera.router;

/**
 * What the router needs to know about the session that sends a statement.
 *
 * @param schema the session's current logical schema, or {@code null} when none is selected
 */
public record RouteContext(String schema) {
}
