package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.Session;
import io.tessera.router.parse.StatementType;

/**
 * DDL commits the open transaction first, as in MySQL (an implicit commit), on every data node it touched; a
 * temporary table's DDL commits nothing.
 */
final class CommitBeforeDdl implements Step {

    private final Executor executor;

    CommitBeforeDdl(Executor executor) {
        this.executor = executor;
    }

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        if (run.explain || run.type != StatementType.DDL || run.parsed.bindsConnection() || !session.inTransaction()) {
            return Flow.NEXT;
        }
        if (!session.transaction().hasParticipants()) {
            session.endTransaction(); // nothing on any data node to commit
            return Flow.NEXT;
        }
        executor.endTransaction(run.client(), true).whenComplete(run.client().guard((ignored, error) -> {
            if (error != null) {
                run.fail(error);
            } else {
                run.resume();
            }
        }));
        return Flow.HELD;
    }
}
