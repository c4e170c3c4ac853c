package io.tessera.router;

import io.tessera.router.plan.SortKeyTypes;

/**
 * What the router needs to know about the session that sends a statement.
 *
 * @param schema the session's current logical schema, or {@code null} when none is selected
 * @param columns the column orders known so far
 * @param parents the parent rows' nodes known so far
 * @param selectLimit the session's {@code sql_select_limit}: the most rows a SELECT without LIMIT returns; -1 for
 *     no limit. A single data node applies it itself; a merge of several applies it once, on top.
 * @param sortKeyTypes what earlier runs of the statement's shape showed of its merge's sort keys
 */
public record RouteContext(String schema, TableColumns columns, ParentLocator parents, long selectLimit,
        SortKeyTypes sortKeyTypes) {

    public RouteContext {
        if (selectLimit < -1) {
            throw new IllegalArgumentException("selectLimit: " + selectLimit + " (expected: >= -1)");
        }
    }

    public RouteContext(String schema, TableColumns columns, ParentLocator parents, long selectLimit) {
        this(schema, columns, parents, selectLimit, SortKeyTypes.UNKNOWN);
    }

    /** The same session's context with {@code other} as its schema (a MyCat schema hint). */
    public RouteContext inSchema(String other) {
        return new RouteContext(other, columns, parents, selectLimit, sortKeyTypes);
    }

    /** The same context, planning a merge's sort keys by {@code types}. */
    public RouteContext withSortKeyTypes(SortKeyTypes types) {
        return new RouteContext(schema, columns, parents, selectLimit, types);
    }

    public RouteContext(String schema, TableColumns columns, ParentLocator parents) {
        this(schema, columns, parents, -1);
    }

    public RouteContext(String schema, TableColumns columns) {
        this(schema, columns, ParentLocator.UNKNOWN);
    }

    public RouteContext(String schema) {
        this(schema, TableColumns.UNKNOWN, ParentLocator.UNKNOWN);
    }
}
