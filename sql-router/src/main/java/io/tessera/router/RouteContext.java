package io.tessera.router;

/**
 * What the router needs to know about the session that sends a statement.
 *
 * @param schema the session's current logical schema, or {@code null} when none is selected
 * @param columns the column orders known so far
 * @param parents the parent rows' nodes known so far
 */
public record RouteContext(String schema, TableColumns columns, ParentLocator parents) {

    public RouteContext(String schema, TableColumns columns) {
        this(schema, columns, ParentLocator.UNKNOWN);
    }

    public RouteContext(String schema) {
        this(schema, TableColumns.UNKNOWN, ParentLocator.UNKNOWN);
    }
}
