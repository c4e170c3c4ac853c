package io.tessera.router.locality;

import com.alibaba.druid.sql.ast.statement.SQLSelectQuery;
import java.util.List;

/**
 * Where one branch of a UNION runs.
 *
 * @param nodes when {@code spread}, every node that holds its rows (each runs it for its own); otherwise the nodes
 *     any one of which can run it whole, or {@code null} when it reads no table
 * @param spread its rows come from several nodes, each node's rows being exactly its share
 */
public record UnionBranch(SQLSelectQuery query, List<String> nodes, boolean spread) {
}
