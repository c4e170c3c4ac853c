package io.tessera.proxy.pipeline;

import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.session.Session;

/**
 * A table of a schema the user may not use or of MySQL's own databases, a read-only user's change and a statement on
 * a table its {@code dml} mask denies are refused here, after the statement is known (an EXPLAIN's, a hint's) and
 * before any step reaches a data node ({@link StatementRights}).
 */
final class CheckPrivileges implements Step {

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        StatementRights.checkSchemas(session.user(), session.remoteHost(), run.parsed);
        run.access = StatementRights.check(session.user(), session.remoteHost(), run.parsed, run.schema(),
                run.explain);
        return Flow.NEXT;
    }
}
