package io.tessera.router;

import java.util.List;

/**
 * ER parent rows that placing a statement's child rows needs and {@link ParentLocator} does not know yet: the
 * statement pipeline looks each value up on the parent's data nodes, in order, before it routes the statement. A
 * parent row found on no node is the client's error.
 *
 * @param values the join key values whose parent rows must be found, as text
 * @param dataNodes the parent table's data nodes, in rule order: a row found on the i-th is on node index i
 */
public record ParentRowsNeeded(String schema, String parentTable, String parentKey, List<String> values,
        List<String> dataNodes) {

    public ParentRowsNeeded {
        values = List.copyOf(values);
        dataNodes = List.copyOf(dataNodes);
    }
}
