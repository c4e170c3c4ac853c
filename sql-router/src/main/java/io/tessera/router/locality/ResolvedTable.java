package io.tessera.router.locality;

import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.TableReference;
import java.util.List;

/**
 * A table a statement names, resolved against the logical schemas.
 *
 * @param table the logical table, or {@code null} for a table of the schema's default data node
 * @param nodes the data nodes that hold it, in configuration order
 */
public record ResolvedTable(TableReference ref, LogicalSchema schema, LogicalTable table, List<String> nodes) {

    public ResolvedTable {
        nodes = List.copyOf(nodes);
    }

    /** Rows spread over several data nodes by a rule or an ER parent. */
    public boolean isSharded() {
        return table != null && table.kind() == TableKind.SHARDED && nodes.size() > 1;
    }

    /** A full copy on each of several data nodes ({@code type="global"}). */
    public boolean isGlobal() {
        return table != null && table.kind() == TableKind.GLOBAL && nodes.size() > 1;
    }

    /** {@code TESTDB.orders}, for messages. */
    public String displayName() {
        return schema.name() + "." + (table != null ? table.name() : ref.table());
    }

    /** How the table is laid out, for messages: {@code on dn1}, {@code copied on dn1, dn2}, {@code sharded ...}. */
    String layout() {
        String list = String.join(", ", nodes);
        return isSharded() ? "sharded over " + list : isGlobal() ? "a global table on " + list : "on " + list;
    }
}
