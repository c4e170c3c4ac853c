package io.tessera.router.parse;

import java.util.Locale;

/**
 * A table a statement names, unquoted.
 *
 * @param schema the qualifier written before it ({@code TESTDB.company}), or {@code null}
 * @param alias the alias the statement gives it ({@code company c}), or {@code null}
 */
public record TableReference(String schema, String table, String alias) {

    public TableReference(String schema, String table) {
        this(schema, table, null);
    }

    /** The names that refer to this table in column qualifiers: the alias if any, and the table name. */
    public java.util.Set<String> qualifiers() {
        java.util.Set<String> names = new java.util.HashSet<>();
        names.add(table.toLowerCase(Locale.ROOT));
        if (alias != null) {
            names.add(alias.toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
