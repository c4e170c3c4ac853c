package io.tessera.router;

import io.tessera.router.error.RouteException;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.parse.LoadData;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.List;
import java.util.function.Function;

/** The router's part in LOAD DATA: the routes of {@link LoadRoute}, and of a file the data host reads itself. */
public final class LoadRoutes {

    private LoadRoutes() {
    }

    /**
     * The column order that placing the rows of {@code load} needs and {@code context} lacks (a sharded table, no
     * column list), or {@code null}.
     */
    public static ColumnOrderNeeded columnOrderNeeded(LoadData load, Function<TableReference, ResolvedTable> resolver,
            RouteContext context) {
        ResolvedTable target = resolver.apply(load.table());
        if (!load.local() || target == null || !target.isSharded() || load.columnList() != null
                || columnsOf(target, context) != null) {
            return null;
        }
        return new ColumnOrderNeeded(target.schema().name(), target.table().name(), target.nodes().get(0));
    }

    /** Where the rows of {@code load} (LOCAL) go. */
    public static LoadRoute route(LoadData load, Function<TableReference, ResolvedTable> resolver,
            RouteContext context) {
        ResolvedTable target = resolver.apply(load.table());
        if (target == null) {
            throw RouteException.notSupported(load.verb() + " into " + load.tableName() + ": a system table");
        }
        return LoadRoute.of(load, target, target.isSharded() ? columnsOf(target, context) : null);
    }

    /**
     * LOAD DATA without LOCAL: the data host reads the file from its own disk, which only a table on one data node
     * can take (each node of a sharded or global table would load the whole file).
     */
    public static Route serverFile(LoadData load, ResolvedTable target) {
        if (load.local()) {
            throw new IllegalStateException("LOAD DATA LOCAL INFILE streams through the pipeline, not a route");
        }
        if (target.nodes().size() > 1) {
            throw RouteException.notSupported("LOAD DATA INFILE without LOCAL into " + target.displayName() + ", "
                    + (target.isGlobal() ? "a global table" : "a sharded table") + " on data nodes "
                    + String.join(", ", target.nodes()) + ", would have each node's data host load the whole file"
                    + " from its own disk: use LOAD DATA LOCAL INFILE, which Tessera places row by row");
        }
        return Route.single(new ShardStatement(target.nodes().get(0), load.serverFileStatement(), true));
    }

    private static List<String> columnsOf(ResolvedTable target, RouteContext context) {
        return context.columns().columns(target.schema().name(), target.table().name());
    }
}
