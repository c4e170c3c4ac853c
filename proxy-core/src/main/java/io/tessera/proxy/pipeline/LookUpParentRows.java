package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.ParentRows;
import io.tessera.router.ParentRowsNeeded;
import io.tessera.router.Router;

/**
 * Finds the data nodes of the ER parent rows that place a statement's child rows (a child placed by its parent rows,
 * not by a rule): each value is looked for on the parent's nodes in turn, and remembered.
 */
final class LookUpParentRows implements Step {

    private final Router router;
    private final ParentRows parentRows;

    LookUpParentRows(Router router, ParentRows parentRows) {
        this.router = router;
        this.parentRows = parentRows;
    }

    @Override
    public Flow apply(QueryRun run) {
        ParentRowsNeeded needed = run.routedByRules()
                ? router.parentRowsNeeded(run.statement, run.routeContext()) : null;
        if (needed == null) {
            return Flow.NEXT;
        }
        parentRows.lookUp(run.client(), needed).whenCompleteAsync(run.client().guard((found, error) -> {
            if (error != null) {
                run.fail(error);
                return;
            }
            found.forEach((value, node) -> run.facts().learnParent(needed.schema(), needed.parentTable(),
                    needed.parentKey(), value, node));
            run.resume();
        }), run.client().channel().eventLoop());
        return Flow.HELD;
    }
}
