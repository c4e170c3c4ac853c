package io.tessera.router.model;

/** How a logical table's rows are placed on its data nodes. */
public enum TableKind {
    /** All rows on one data node. */
    SINGLE_NODE,
    /** A full copy on every data node ({@code type="global"}). */
    GLOBAL,
    /** Rows spread over the data nodes by a rule. */
    SHARDED
}
