package io.tessera.backend;

import java.util.List;

/**
 * The whole answer to a small internal statement ({@link BackendConnection#query}): the column names and text
 * rows of its first result set ({@code null} is SQL NULL), or the counters of its OK packet.
 */
public record QueryResult(List<String> columns, List<List<String>> rows, long affectedRows, long lastInsertId,
        int warnings, int statusFlags) {

    public QueryResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** True when the statement returned a result set (possibly empty) rather than an OK. */
    public boolean hasResultSet() {
        return !columns.isEmpty();
    }
}
