package io.tessera.proxy.stat;

import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.ShardStatement;
import java.util.List;

/**
 * A statement the SQL statistics watch, as the pipeline runs it.
 *
 * @param sql the client's text
 * @param shape the text with {@code ?} for each literal when the pipeline knows it (a plan from the shape cache),
 *     else {@code null}: the statistics then read it from {@code sql}
 * @param tables the tables the statement names, as parsed
 * @param shards where it runs (named in {@code show @@sql.slow} when it is slow)
 */
public record StatementRun(String sql, String shape, StatementType type, List<TableReference> tables,
        List<ShardStatement> shards) {
}
