package io.tessera.proxy.pipeline;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.exec.Executor;
import io.tessera.router.LoadRoute;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.LoadData;

/**
 * {@code LOAD DATA LOCAL INFILE}: the client's file streams to the table's data nodes, placed row by row where the
 * table is sharded ({@link Executor#loadLocalFile}); the statement never reaches a plan. Comes after the column order
 * a sharded table without a column list needs has been learnt.
 */
final class LoadLocalFile implements Step {

    private final Router router;
    private final Executor executor;

    LoadLocalFile(Router router, Executor executor) {
        this.router = router;
        this.executor = executor;
    }

    @Override
    public Flow apply(QueryRun run) {
        LoadData load = run.statement.loadData();
        if (load == null || !load.local()) {
            return Flow.NEXT;
        }
        if (!run.routedByRules()) {
            throw RouteException.notSupported("LOAD DATA LOCAL INFILE cannot be sent with a MyCat datanode or sql hint:"
                    + " Tessera places its rows by the table's rule");
        }
        if (!run.session().clientLocalFiles()) {
            throw ErrorCode.NOT_ALLOWED_COMMAND.exception("the client does not send local files (Connector/J:"
                    + " allowLoadLocalInfile=true; MariaDB Connector/J: allowLocalInfile=true; mysql: --local-infile)");
        }
        LoadRoute route = router.routeLoad(load, run.routeContext());
        if (run.access != null) { // as CheckDataNodePrivileges, which a load never reaches
            StatementRights.checkDataNodes(run.session().user(), run.session().remoteHost(), run.access.operation(),
                    route.nodes());
        }
        run.releasePayload();
        executor.loadLocalFile(run.client(), route);
        return Flow.HELD;
    }
}
