package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import io.tessera.router.parse.SqlText;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;

/** What each data node of a merge runs, asked once the merge has rewritten the statement's tree. */
@FunctionalInterface
interface NodeTexts {

    /** @param rewritten the merge changed the tree: its text must be rendered again */
    List<ShardStatement> shards(List<String> nodes, boolean rewritten);

    /**
     * Every node runs the same text: {@code sql} when nothing was added, else the rewritten tree rendered once.
     *
     * @param sqlRewritten whether {@code sql} already differs from the client's text
     */
    static NodeTexts same(SQLSelectStatement statement, String sql, boolean sqlRewritten) {
        return (nodes, rewritten) -> {
            String text = rewritten ? SqlText.of(statement) : sql;
            List<ShardStatement> shards = new ArrayList<>(nodes.size());
            for (String node : nodes) {
                shards.add(new ShardStatement(node, text, rewritten || sqlRewritten));
            }
            return shards;
        };
    }
}
