package io.tessera.router;

import java.util.List;

/**
 * Placing ER child rows needs the nodes of parent rows that {@link ParentLocator} does not know yet: the front end
 * looks each value up on the parent's data nodes, in order, and routes the statement again. Not an error for the
 * client; a parent row found nowhere is.
 */
public final class ParentLookupNeededException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String schema;
    private final String parentTable;
    private final String parentKey;
    private final List<String> values;
    private final List<String> dataNodes;

    public ParentLookupNeededException(String schema, String parentTable, String parentKey, List<String> values,
            List<String> dataNodes) {
        super("parent rows of " + schema + "." + parentTable + " needed for " + parentKey + " in " + values, null,
                false, false);
        this.schema = schema;
        this.parentTable = parentTable;
        this.parentKey = parentKey;
        this.values = List.copyOf(values);
        this.dataNodes = List.copyOf(dataNodes);
    }

    public String schema() {
        return schema;
    }

    public String parentTable() {
        return parentTable;
    }

    public String parentKey() {
        return parentKey;
    }

    /** The join key values whose parent rows must be found, as text. */
    public List<String> values() {
        return values;
    }

    /** The parent table's data nodes, in rule order: an index found on the i-th is i. */
    public List<String> dataNodes() {
        return dataNodes;
    }
}
