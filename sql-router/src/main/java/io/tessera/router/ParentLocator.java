package io.tessera.router;

/**
 * Where parent rows live, for ER child rows whose join key is not the root table's sharding column: the front end
 * finds a parent row by asking the data nodes, and remembers the answer (MyCat's ER_SQL2PARENTID cache).
 */
@FunctionalInterface
public interface ParentLocator {

    /** Knows nothing: every lookup asks the front end. */
    ParentLocator UNKNOWN = (schema, parentTable, parentKey, value) -> null;

    /**
     * The index, among the parent table's data nodes, of the node holding the parent row whose {@code parentKey}
     * equals {@code value}, or {@code null} when not known yet.
     */
    Integer nodeOf(String schema, String parentTable, String parentKey, String value);
}
