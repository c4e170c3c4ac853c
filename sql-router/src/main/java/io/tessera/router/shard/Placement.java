package io.tessera.router.shard;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.NodeSet;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.function.SqlValue;
import io.tessera.router.function.UnplaceableValueException;
import io.tessera.router.model.ShardingRule;
import java.util.HexFormat;

/**
 * One value through a table's function, checked against the table's node count (MyCat fails on both). A row to
 * insert must be placed, or the statement fails; a value a read compares with may be one no row can hold (MySQL reads
 * {@code id = ''} as {@code id = 0}, a malformed date matches nothing), so a read that cannot place it asks every node,
 * as MyCat does.
 */
final class Placement {

    /** {@link #nodeOrAll}'s answer when the value cannot be placed. */
    static final int ALL = -1;

    private Placement() {
    }

    /**
     * The node of a row's value; a value the function cannot place fails the statement (1105). An integer column's
     * function is given only integers: a string that is not one ({@code '10.0'}, {@code ' 10'}, {@code '1e1'},
     * {@code 'abc'}) or a number with a fraction ({@code 10.5}) is refused (1235). What a data node stores for it
     * depends on the column's type and sql_mode, which the router does not know (an INT column stores 10 for the
     * first three, 0 or an error for {@code 'abc'}, 11 for 10.5; a VARCHAR column the text; a DECIMAL column 10.5):
     * placing it by a guess, or by MyCat's hash of its text, could put the row where a read by its key never looks.
     */
    static int nodeOf(ShardingRule rule, SqlValue value, int tableNodes, String table) {
        PlacementTrace.row();
        SqlValue read = asRead(value, rule.function());
        if (read instanceof SqlValue.Text t && !rule.function().readsText() && !isInteger(t.value())) {
            throw RouteException.notSupported("the sharding column " + rule.column() + " of " + table + " is given '"
                    + describe(value) + "', which is not a plain integer: the column's function places integers, and"
                    + " which integer (if any) a data node stores for it depends on the column's type and sql_mode,"
                    + " so a read by the stored key could look on another node; write the key as a plain integer"
                    + " (digits, optionally signed)");
        }
        int node;
        try {
            node = rule.function().nodeOf(InsertRows.asMycatPasses(read));
        } catch (UnplaceableValueException e) {
            throw RouteException.unplaceable(table, rule.column(), describe(value), e.getMessage());
        }
        if (node < 0 || node >= tableNodes) {
            throw RouteException.unplaceable(table, rule.column(), describe(value), "the function gives node index "
                    + node + ", the table has " + tableNodes + " data nodes");
        }
        return node;
    }

    /**
     * The node a read of {@code value} needs, or {@link #ALL} when the function cannot place it. A string of spaces
     * only, the empty one included, is {@link #ALL} too: MyCat routes {@code col = ''} to every node (it drops a
     * condition whose values are all empty), and under a PAD SPACE collation {@code ''} and {@code ' '} equal each
     * other, while the function places them apart. So is any other string that an integer column's function would
     * place by its characters (MyCat hashes {@code '10.0'}, {@code ' 10'} or {@code 'abc'}): MySQL compares it with
     * the column as a number ({@code 10}, {@code 10}, {@code 0}), which may live on any node.
     */
    static int nodeOrAll(ShardingRule rule, SqlValue value, int tableNodes) {
        int node = readNode(rule, value, tableNodes);
        PlacementTrace.point(rule, tableNodes, value, node);
        return node;
    }

    /** {@link #nodeOrAll} without a trace. */
    static int readNode(ShardingRule rule, SqlValue value, int tableNodes) {
        SqlValue read = asRead(value, rule.function());
        if (read instanceof SqlValue.Text t && (t.value().isBlank() && t.value().chars().allMatch(c -> c == ' ')
                || !rule.function().readsText() && !isInteger(t.value()))) {
            return ALL;
        }
        try {
            int node = rule.function().nodeOf(read);
            return node >= 0 && node < tableNodes ? node : ALL;
        } catch (UnplaceableValueException e) {
            return ALL;
        }
    }

    /** The nodes a read of the values from {@code low} to {@code high} needs; every node when the function fails. */
    static NodeSet rangeNodes(ShardingRule rule, SqlValue low, SqlValue high, int tableNodes) {
        NodeSet nodes = readRange(rule, low, high, tableNodes);
        PlacementTrace.range(rule, tableNodes, low, high, nodes);
        return nodes;
    }

    /** {@link #rangeNodes} without a trace. */
    static NodeSet readRange(ShardingRule rule, SqlValue low, SqlValue high, int tableNodes) {
        ShardingFunction function = rule.function();
        try {
            return function.nodesOf(asRead(low, function), asRead(high, function), tableNodes);
        } catch (UnplaceableValueException e) {
            return NodeSet.all(tableNodes);
        }
    }

    /** Whether an integer function reads {@code text} as the integer MySQL compares it as: a sign, then digits. */
    private static boolean isInteger(String text) {
        int start = !text.isEmpty() && (text.charAt(0) == '+' || text.charAt(0) == '-') ? 1 : 0;
        if (start == text.length()) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A hex or bit literal as the function's column reads it: its string or its number. */
    private static SqlValue asRead(SqlValue value, ShardingFunction function) {
        if (value instanceof SqlValue.Binary b) {
            return function.readsText() ? b.asText() : b.asNumber();
        }
        return value;
    }

    private static String describe(SqlValue value) {
        return value instanceof SqlValue.Binary b ? "X'" + HexFormat.of().formatHex(b.bytes()) + "'"
                : value instanceof SqlValue.Null ? "NULL" : value.text();
    }
}
