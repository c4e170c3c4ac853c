package io.tessera.router;

/**
 * A table's column order that routing a statement needs and {@link TableColumns} does not have yet (an INSERT
 * without a column list into a sharded table): the statement pipeline reads it from {@code dataNode} (for example
 * with {@code SHOW COLUMNS}) before it routes the statement.
 */
public record ColumnOrderNeeded(String schema, String table, String dataNode) {
}
