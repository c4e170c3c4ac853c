package io.tessera.proxy.pipeline;

import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.session.Session;
import io.tessera.router.plan.ShardStatement;

/**
 * A statement planned onto a data node whose {@code <dataNode>} dml mask denies the user its operation is refused
 * before it runs ({@link StatementRights#checkDataNodes}); the plan names the nodes, by rules or by a hint.
 */
final class CheckDataNodePrivileges implements Step {

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        if (run.access != null && !run.explain) {
            StatementRights.checkDataNodes(session.user(), session.remoteHost(), run.access.operation(),
                    run.plan.route().shards().stream().map(ShardStatement::dataNode).toList());
        }
        return Flow.NEXT;
    }
}
