package io.tessera.router.parse;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a statement does to one table it names: the DML operations MySQL would check privileges for, or, for a schema
 * change, {@link #ddl()}.
 *
 * @param table the table as written (its qualifier, if any, not yet resolved against the session's schema)
 * @param operations what the statement does to its rows; empty for DDL
 * @param ddl the statement creates, alters, drops, truncates or renames the table
 */
public record TableAccess(TableReference table, Set<Operation> operations, boolean ddl) {

    public TableAccess {
        operations = operations.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(operations));
    }

    /** The four DML rights, in the order of MyCat's {@code dml} masks: insert, update, select, delete. */
    public enum Operation {
        INSERT, UPDATE, SELECT, DELETE
    }
}
