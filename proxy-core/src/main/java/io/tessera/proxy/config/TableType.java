package io.tessera.proxy.config;

/** How a {@link TableConfig}'s rows are placed on its data nodes. */
public enum TableType {
    /** {@code type="global"}: a full copy on every data node of the table. */
    GLOBAL,
    /** A rule maps each row to one of the table's data nodes. */
    SHARDED,
    /** One data node and no rule: every row lives there. */
    SINGLE_NODE
}
