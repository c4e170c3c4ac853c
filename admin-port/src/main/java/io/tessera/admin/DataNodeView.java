package io.tessera.admin;

/** One data node ({@code <dataNode name="dn1" dataHost="host1" database="db1"/>}): one database on one data host. */
public interface DataNodeView {

    /** The data node name, e.g. {@code dn1}. */
    String name();

    /** The name of its data host, e.g. {@code host1}; one of {@link AdminContext#dataHosts()}. */
    String dataHost();

    /** The physical database on that data host, e.g. {@code db1}. */
    String database();

    /**
     * Statements sent to this data node since start-up, over every source of its data host (show @@datanode
     * EXECUTE). MyCat counts per node and source; Tessera counts per node.
     */
    long executeCount();
}
