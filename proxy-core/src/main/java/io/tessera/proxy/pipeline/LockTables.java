package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.TableLocks;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.parse.StatementType;
import java.util.concurrent.CompletableFuture;

/**
 * {@code LOCK TABLES} on every data node of the tables it names, and {@code UNLOCK TABLES} ({@link TableLocks}).
 * Comes after the rights are checked (a WRITE lock is a change for a read-only user) and before anything else
 * reaches a data node. An EXPLAIN goes on to show the route.
 */
final class LockTables implements Step {

    private final Router router;
    private final TableLocks locks;

    LockTables(Router router, TableLocks locks) {
        this.router = router;
        this.locks = locks;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (run.type != StatementType.LOCK || run.explain) {
            return Flow.NEXT;
        }
        if (run.hint != null) {
            throw RouteException.notSupported("LOCK TABLES with a MyCat hint is not supported: Tessera locks each"
                    + " table on the data nodes that hold it; send it without the hint");
        }
        ClientChannel client = run.client();
        CompletableFuture<Void> done = LocalStatements.unlocksTables(run.parsed) ? locks.unlock(client)
                : locks.lock(client, router.lockTables(run.parsed, run.routeContext()));
        run.releasePayload();
        done.whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                client.ok();
            }
        }));
        return Flow.HELD;
    }
}
