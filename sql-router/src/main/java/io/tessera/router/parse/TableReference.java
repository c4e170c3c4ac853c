package io.tessera.router.parse;

/**
 * A table a statement names, unquoted.
 *
 * @param schema the qualifier written before it ({@code TESTDB.company}), or {@code null}
 */
public record TableReference(String schema, String table) {
}
