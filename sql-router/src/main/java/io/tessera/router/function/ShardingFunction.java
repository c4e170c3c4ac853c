package io.tessera.router.function;

/**
 * A MyCat partition algorithm: maps a sharding column's value to the index of a data node in the table's
 * {@code dataNode} list. Implementations are immutable, validated when built, and total: a value they cannot
 * place raises {@link UnplaceableValueException}, never a null or a sentinel.
 */
public interface ShardingFunction {

    /**
     * How many data nodes the function spreads over (MyCat's {@code getPartitionNum()}), checked against the table's
     * node count at load time; -1 when the function cannot say (MyCat returns -1 for these too, and skips the check).
     */
    int nodeCount();

    /**
     * Whether the function places a value by its characters (hashes them, looks the string up, cuts or parses the
     * text), as for a string or date column: a hex or bit literal then counts as the string of its bytes, as MySQL
     * compares it with such a column. Otherwise, for the functions of integer columns, it counts as its number
     * ({@code id = 0x10} is {@code id = 16}).
     */
    default boolean readsText() {
        return false;
    }

    /** The node index of one value (MyCat's {@code calculate(String)}). */
    int nodeOf(SqlValue value);

    /**
     * The nodes that may hold values from {@code low} to {@code high} inclusive (MyCat's {@code calculateRange}),
     * for a table of {@code tableNodes} data nodes. The default, for functions without a range calculation in
     * MyCat, is every node.
     */
    default NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        return NodeSet.all(tableNodes);
    }
}
