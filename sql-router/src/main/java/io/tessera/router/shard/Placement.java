package io.tessera.router.shard;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.function.UnplaceableValueException;
import io.tessera.router.model.ShardingRule;

/** One value through a table's function, checked against the table's node count (MyCat fails on both). */
final class Placement {

    private Placement() {
    }

    static int nodeOf(ShardingRule rule, SqlValue value, int tableNodes, String table) {
        int node;
        try {
            node = rule.function().nodeOf(value);
        } catch (UnplaceableValueException e) {
            throw RouteException.unplaceable(table, rule.column(), value.text(), e.getMessage());
        }
        if (node < 0 || node >= tableNodes) {
            throw RouteException.unplaceable(table, rule.column(), value.text(), "the function gives node index "
                    + node + ", the table has " + tableNodes + " data nodes");
        }
        return node;
    }
}
