package io.tessera.router;

/**
 * Routing needs a table's column order that {@link TableColumns} does not have yet: the front end reads it from
 * {@link #dataNode()} (e.g. {@code SHOW COLUMNS}) and routes the statement again. Not an error for the client.
 */
public final class ColumnsNeededException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String schema;
    private final String table;
    private final String dataNode;

    public ColumnsNeededException(String schema, String table, String dataNode) {
        super("column order of " + schema + "." + table + " needed from data node " + dataNode, null, false, false);
        this.schema = schema;
        this.table = table;
        this.dataNode = dataNode;
    }

    public String schema() {
        return schema;
    }

    public String table() {
        return table;
    }

    public String dataNode() {
        return dataNode;
    }
}
