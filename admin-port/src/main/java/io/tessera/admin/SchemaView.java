package io.tessera.admin;

import java.util.List;

/** One logical schema ({@code <schema name="TESTDB">}) as {@code show @@datanode where schema = ?} needs it. */
public interface SchemaView {

    /** The schema name as configured, e.g. {@code TESTDB}; {@code where schema = ?} compares it exactly. */
    String name();

    /**
     * Names of every data node this schema uses: its own {@code dataNode} attribute and those of all its tables, each
     * once, in any order.
     */
    List<String> dataNodes();
}
