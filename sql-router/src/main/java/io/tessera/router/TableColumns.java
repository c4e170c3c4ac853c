package io.tessera.router;

import java.util.List;

/**
 * Column order of physical tables, which the router needs for {@code INSERT INTO t VALUES (...)} without a
 * column list: the front end learns it from a data node and keeps it until DDL changes the table.
 */
@FunctionalInterface
public interface TableColumns {

    /** Knows nothing: every lookup asks the front end to fetch. */
    TableColumns UNKNOWN = (schema, table) -> null;

    /** The table's columns in order, or {@code null} when not known yet. */
    List<String> columns(String schema, String table);
}
