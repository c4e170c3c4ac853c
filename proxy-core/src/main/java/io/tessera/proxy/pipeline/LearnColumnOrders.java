package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.router.ColumnOrderNeeded;
import io.tessera.router.Router;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the column order a statement's routing needs (an INSERT without a column list into a sharded table) from a
 * data node, {@code SHOW COLUMNS}, the first time; the order is kept until DDL through Tessera changes the table.
 */
final class LearnColumnOrders implements Step {

    private final Router router;
    private final Executor executor;
    private final ColumnOrders columnOrders;

    LearnColumnOrders(Router router, Executor executor, ColumnOrders columnOrders) {
        this.router = router;
        this.executor = executor;
        this.columnOrders = columnOrders;
    }

    @Override
    public Flow apply(QueryRun run) {
        ColumnOrderNeeded needed = run.routedByRules()
                ? router.columnOrderNeeded(run.statement, run.routeContext()) : null;
        if (needed == null) {
            return Flow.NEXT;
        }
        String sql = "SHOW COLUMNS FROM " + SqlLiterals.identifier(needed.table());
        executor.query(run.client(), needed.dataNode(), sql).whenComplete(run.client().guard((result, error) -> {
            if (error != null) {
                run.fail(error);
                return;
            }
            List<String> names = new ArrayList<>();
            for (List<String> row : result.rows()) {
                names.add(row.get(0));
            }
            columnOrders.learn(needed.schema(), needed.table(), names);
            run.facts().learnColumns(needed.schema(), needed.table(), names);
            run.resume();
        }));
        return Flow.HELD;
    }
}
