package io.tessera.proxy.pipeline;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.router.Router;
import io.tessera.router.RouteContext;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import java.util.Set;

/**
 * While the session holds table locks, MySQL lets its statements use only the tables it locked (error 1100). A
 * data node that holds the session's locks checks that itself; a table with a node where the session holds none was
 * not locked at all (LOCK TABLES locks a table on every node that has it), so its statement is refused here, as
 * MySQL would refuse it, before it reaches a node that would answer it unlocked. A temporary table there is refused
 * too, which MySQL would allow. Hinted statements go where the hint says, unchecked.
 */
final class CheckTableLocks implements Step {

    private final Router router;

    CheckTableLocks(Router router) {
        this.router = router;
    }

    @Override
    public Flow apply(QueryRun run) {
        Set<String> locked = run.session().tableLocks();
        if (locked.isEmpty() || run.explain || run.hint != null || !usesTables(run.type)) {
            return Flow.NEXT;
        }
        RouteContext context = run.routeContext();
        for (TableReference table : run.parsed.tables()) {
            if (!locked.containsAll(router.nodesOf(table, context))) {
                throw ErrorCode.TABLE_NOT_LOCKED.exception(table.alias() != null ? table.alias() : table.table());
            }
        }
        return Flow.NEXT;
    }

    /** The statements that MySQL checks against the locked tables; DDL and SHOW are left to the data nodes. */
    private static boolean usesTables(StatementType type) {
        return type == StatementType.SELECT || type.changesRows();
    }
}
