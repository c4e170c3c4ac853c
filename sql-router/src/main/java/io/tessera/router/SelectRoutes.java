package io.tessera.router;

import com.alibaba.druid.sql.ast.statement.SQLSelectQuery;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import io.tessera.router.locality.Locality;
import io.tessera.router.locality.Partition;
import io.tessera.router.locality.UnionBranch;
import io.tessera.router.merge.MergePlanner;
import io.tessera.router.merge.UnionPlanner;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.plan.SortKeyTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Routes a SELECT: as written to the one node that holds every table it reads whole (any copy, when it reads global
 * tables only); otherwise spread over the nodes of its sharded rows and merged, a UNION branch by branch.
 */
final class SelectRoutes {

    private SelectRoutes() {
    }

    /**
     * The plan for a SELECT that is whole on {@code whole} (not empty), as written.
     *
     * @param whole the nodes that hold every table it reads whole
     */
    static Route whole(Locality locality, List<String> whole, String sql, boolean rewritten) {
        if (!locality.readsGlobalTablesOnly()) {
            return Route.single(new ShardStatement(whole.get(0), sql, rewritten));
        }
        List<ShardStatement> copies = new ArrayList<>(whole.size());
        for (String node : whole) {
            copies.add(new ShardStatement(node, sql, rewritten));
        }
        return new Route(copies, true);
    }

    /**
     * The plan for a SELECT that no single node holds whole: its sharded rows spread over data nodes, merged.
     *
     * @param fallbackNode the node of a union branch that reads no table, when no other branch runs anywhere yet
     * @param keyTypes the sort keys known not to be strings
     */
    static PlanNode spread(Locality locality, SQLSelectStatement select, String clientSql, String sql,
            boolean rewritten, long implicitLimit, String fallbackNode, SortKeyTypes keyTypes) {
        if (locality.isUnion()) {
            return UnionPlanner.plan(select, branchesByNode(locality.unionBranches(), fallbackNode), clientSql,
                    implicitLimit);
        }
        Partition partition = locality.partition();
        if (partition.nodes().size() == 1) {
            // the sharding conditions contradict each other (id = 1 AND id = 2): no row matches; one node answers
            return Route.single(new ShardStatement(partition.nodes().get(0), sql, rewritten));
        }
        return MergePlanner.plan(select, clientSql, sql, rewritten, partition.nodes(), partition.shardingColumns(),
                implicitLimit, keyTypes);
    }

    /**
     * Each node's branches, in the client's order. A spread branch runs on each of its nodes; a whole one on one node,
     * preferably one that runs another branch already, so that fewer nodes take part.
     */
    private static Map<String, List<SQLSelectQuery>> branchesByNode(List<UnionBranch> branches, String fallbackNode) {
        Set<String> used = new LinkedHashSet<>();
        for (UnionBranch branch : branches) {
            if (branch.spread()) {
                used.addAll(branch.nodes());
            }
        }
        Map<String, List<SQLSelectQuery>> byNode = new LinkedHashMap<>();
        for (UnionBranch branch : branches) {
            List<String> nodes = branch.spread() ? branch.nodes() : List.of(oneOf(branch.nodes(), used, fallbackNode));
            for (String node : nodes) {
                byNode.computeIfAbsent(node, n -> new ArrayList<>()).add(branch.query());
                used.add(node);
            }
        }
        return byNode;
    }

    private static String oneOf(List<String> whole, Set<String> used, String fallbackNode) {
        if (whole == null) {
            return used.isEmpty() ? fallbackNode : used.iterator().next();
        }
        for (String node : whole) {
            if (used.contains(node)) {
                return node;
            }
        }
        return whole.get(0);
    }
}
